// @module-tag shared
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import type { DocumentModel } from "@/server/convert/engine/model";
import { writeHere } from "@/server/convert/engine/run";
import { eastAsianOf } from "@/server/convert/engine/writers/docx";
import { has, scratch } from "./convert-engine-support";
import { fonts, wordBoxes } from "./convert-pdf-support";

/**
 * Issue 32 item 4, the DOCX half (decision 0502): a Chinese book's DOCX says its East Asian
 * language, names a Chinese face for every style its Han characters are set in, describes that face
 * for readers without it, and indents two characters; read back as LibreOffice lays it out. An
 * English book's DOCX is as it was.
 */

vi.setConfig({ testTimeout: 180_000 });

const files = (bytes: Uint8Array) => Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));

const chinese: DocumentModel = {
  title: "港湾",
  author: "作者",
  language: "zh-CN",
  chapters: [
    {
      title: "第一回 到港",
      markdown: "黄昏时分，船靠了岸。她站在码头上等着，一直等到天黑，风从海上吹来，带着咸味和远处的灯光，吹得她睁不开眼。\n\n她站在码头上等着。",
    },
  ],
};
const english: DocumentModel = {
  title: "The Harbour",
  author: "Ann Writer",
  language: "en",
  chapters: [{ title: "Arrival", markdown: "The boat came in at dusk, and she stood on the quay and waited until the lamps were lit along the harbour wall.\n\nMorning found her there." }],
};

describe("a Chinese book's DOCX", () => {
  it("says its East Asian language, sets Han characters in a Chinese face in every style, and describes the face", async () => {
    const docx = files((await writeHere(chinese, "docx")).bytes);
    const styles = docx["word/styles.xml"]!;
    expect(styles).toContain('<w:lang w:val="zh-CN" w:eastAsia="zh-CN"/>');
    // Headings and the author line too: a style that names only Times New Roman asks for Han characters in it.
    const eastAsianFaces = [...styles.matchAll(/w:eastAsia="([^"]+)"/g)].map((m) => m[1]).filter((face) => !face!.startsWith("zh"));
    expect(new Set(eastAsianFaces)).toEqual(new Set(["SimSun"]));
    expect(docx["word/fontTable.xml"]).toContain('<w:font w:name="SimSun"><w:altName w:val="宋体"/><w:panose1 w:val="02010600030101010101"/><w:charset w:val="86"/><w:family w:val="roman"/>');
    // Two characters: firstLineChars for Word, the same 24 points in twips for readers that know only twips; never 720.
    expect(docx["word/document.xml"]).toContain('w:firstLineChars="200"');
    expect(docx["word/document.xml"]).toContain('w:firstLine="480"');
    expect(docx["word/document.xml"]).not.toContain('w:firstLine="720"');
  });

  it("tags traditional Chinese, Japanese and Korean books by their own East Asian language, and no other", () => {
    expect(eastAsianOf("zh")).toMatchObject({ language: "zh-CN", charset: "86" });
    expect(eastAsianOf("zh-Hans-CN")).toMatchObject({ language: "zh-CN" });
    expect(eastAsianOf("zh-Hant")).toMatchObject({ language: "zh-TW", charset: "88" });
    expect(eastAsianOf("zh-TW")).toMatchObject({ language: "zh-TW" });
    expect(eastAsianOf("zh-HK")).toMatchObject({ language: "zh-HK" });
    expect(eastAsianOf("yue")).toMatchObject({ language: "zh-HK" });
    expect(eastAsianOf("ja")).toMatchObject({ language: "ja-JP" });
    expect(eastAsianOf("ko-KR")).toMatchObject({ language: "ko-KR" });
    for (const other of ["en", "en-GB", "de", "", undefined]) expect(eastAsianOf(other)).toBeUndefined();
  });

  it("leaves an English book's DOCX as it was: no East Asian language, an empty font table, headings in the body's face", async () => {
    const docx = files((await writeHere(english, "docx")).bytes);
    expect(docx["word/styles.xml"]).toContain('<w:lang w:val="en"/>');
    expect(docx["word/styles.xml"]).toContain('<w:rFonts w:ascii="Times New Roman" w:cs="Times New Roman" w:eastAsia="Times New Roman" w:hAnsi="Times New Roman"/>');
    expect(docx["word/fontTable.xml"]).not.toContain("<w:font ");
    expect(docx["word/document.xml"]).toContain('w:firstLine="720"');
  });
});

/**
 * LibreOffice with a profile whose default Asian language is Japanese, as a writer in Japan or a
 * Japanese-first install has it: a document that does not say its East Asian language gets
 * Japanese for its Han characters (and on a machine with Noto CJK, the Japanese face).
 */
function libreOffice(bytes: Uint8Array, to: "pdf" | "odt"): Uint8Array {
  const dir = scratch();
  const profile = path.join(dir, "profile");
  mkdirSync(path.join(profile, "user"), { recursive: true });
  writeFileSync(
    path.join(profile, "user", "registrymodifications.xcu"),
    `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Linguistic/General"><prop oor:name="DefaultLocale_CJK" oor:op="fuse"><value>ja-JP</value></prop></item>
</oor:items>
`,
  );
  const file = path.join(dir, "book.docx");
  writeFileSync(file, bytes);
  spawnSync("soffice", [`-env:UserInstallation=file://${profile}`, "--headless", "--convert-to", to, "--outdir", dir, file], { timeout: 170_000 });
  return new Uint8Array(readFileSync(path.join(dir, `book.${to}`)));
}

/** The Chinese faces installed here, as fontconfig names them (AR PL UKai CN on this machine). */
function chineseFaces(): string[] {
  return execFileSync("fc-list", [":lang=zh", "family"], { encoding: "utf8" })
    .split("\n")
    .flatMap((line) => line.split(","))
    .map((family) => family.trim())
    .filter(Boolean);
}

const docxBytes = (await writeHere(chinese, "docx")).bytes;

describe.runIf(has("soffice") && has("fc-list") && chineseFaces().length > 0)("a Chinese book's DOCX read back by LibreOffice", () => {
  it("keeps the East Asian language Chinese under a Japanese-first LibreOffice and never asks for Han characters in a Latin face", () => {
    const odt = files(libreOffice(docxBytes, "odt"));
    const styles = odt["styles.xml"]!;
    expect(styles).toContain('style:language-asian="zh"');
    expect(styles).toContain('style:country-asian="CN"');
    expect(styles).not.toContain('style:language-asian="ja"');
    const asianFaces = new Set([...styles.matchAll(/style:font-name-asian="([^"]+)"/g)].map((m) => m[1]));
    expect([...asianFaces].filter((face) => /Times New Roman|Arial/.test(face!))).toEqual([]);
    expect(asianFaces).toContain("SimSun");
  });

  it("sets the Han characters in a Chinese face found on this machine, and the first line two characters in", () => {
    const pdf = libreOffice(docxBytes, "pdf");
    // pdffonts names a face without its spaces, after a subset prefix: BAAAAA+UKaiCN for AR PL UKai CN.
    const installed = chineseFaces().map((face) => face.replace(/^AR PL /, "").replace(/\s+/g, ""));
    const embedded = fonts(pdf).map((font) => font.name.replace(/^[A-Z]{6}\+/, ""));
    expect(embedded.some((name) => installed.some((face) => name.startsWith(face))), `${embedded.join(", ")} against ${installed.join(", ")}`).toBe(true);

    const words = wordBoxes(pdf);
    // A line of Chinese has no spaces: pdftotext gives each line as one word, in reading order.
    const first = words.find((word) => word.text.startsWith("黄昏"))!;
    const second = words[words.indexOf(first) + 1]!;
    expect(second.yMin).toBeGreaterThan(first.yMin);
    // 12-point text: the first line starts two characters, 24 points, right of the paragraph's next line.
    expect(first.xMin - second.xMin).toBeCloseTo(24, 0);
    expect((first.xMax - first.xMin) / [...first.text].length).toBeCloseTo(12, 0);
  });
});
