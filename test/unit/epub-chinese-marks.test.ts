// @module-tag shared
import { unzipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import type { DocumentModel } from "@/server/convert/engine/model";
import { writeHere } from "@/server/convert/engine/run";
import { epubcheck } from "./convert-engine-support";

// Issue 32 item 9 (decision 0513): in a Chinese book's EPUB, “ ” ‘ ’ … — come from a CJK face on
// the reader's device, as in the editor: a face aliasing the first one installed, for those six
// characters only, first in the stacks. Other books' stylesheets are as they were.

vi.setConfig({ testTimeout: 120_000 });

const book = (language: string, theme?: DocumentModel["theme"]): DocumentModel => ({
  title: "港湾",
  author: "作者",
  language,
  theme,
  paragraphIndent: "fullWidth",
  chapters: [{ title: "第一回", markdown: "他说：“你好，‘朋友’。”……——" }],
});
const stylesheet = async (model: DocumentModel) =>
  new TextDecoder().decode(unzipSync((await writeHere(model, "epub")).bytes)["OEBPS/style.css"]!);

describe("the marks Chinese shares with English in a Chinese EPUB", () => {
  it("come from a CJK face first in every theme's stacks, and the EPUB passes epubcheck", async () => {
    for (const theme of ["classic", "modern", "chinese"] as const) {
      const sheet = await stylesheet(book("zh-CN", theme));
      expect(sheet).toContain('@font-face{font-family:"CJK Marks";src:local("Noto Serif CJK SC"),');
      expect(sheet).toContain('local("AR PL UKai CN");unicode-range:U+2014,U+2018-2019,U+201C-201D,U+2026}');
      expect(sheet).toMatch(/body\{font-family:"CJK Marks",/);
      // Headings with faces of their own take the marks from it too.
      if (theme !== "classic") expect(sheet).toMatch(/h1\{[^}]*font-family:"CJK Marks",/);
    }
    const check = await epubcheck((await writeHere(book("zh-CN"), "epub")).bytes);
    expect(check.ok, check.report).toBe(true);
  });

  it("take the traditional faces in a traditional Chinese book", async () => {
    expect(await stylesheet(book("zh-TW"))).toContain('src:local("Noto Serif CJK TC"),');
    expect(await stylesheet(book("zh-Hant-HK"))).toContain('local("AR PL UKai TW")');
  });

  it("are left alone in any other book", async () => {
    for (const language of ["en", "ja", "ko"]) expect(await stylesheet(book(language))).not.toContain("CJK Marks");
  });
});
