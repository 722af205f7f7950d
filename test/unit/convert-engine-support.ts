import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DocumentModel } from "@/server/convert/engine";

export const FIXTURES = path.resolve("test/fixtures/convert");
export const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
export const scratch = () => mkdtempSync(path.join(tmpdir(), "inkstone-convert-"));

export const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;

/** The words of a chapter as a reader sees them: no Markdown marks, no footnote markers, CJK per character. */
export function words(markdown: string): string[] {
  return (
    markdown
      .replace(/\[\^[^\]\s]+\]:?/g, " ")
      .replace(/\\?\[\d+\\?\]/g, " ")
      .toLowerCase()
      .match(/\p{Script=Han}|[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Each titled chapter of `expected` found by title in `actual`, with the same words in the same order. */
export function sameWordsInSameChapters(actual: DocumentModel, expected: DocumentModel, options: { notes?: boolean } = {}) {
  const notes = options.notes ?? true;
  const body = (markdown: string) => (notes ? markdown : markdown.replace(/^\[\^[^\]]+\]:.*$/gm, ""));
  return expected.chapters.map((chapter) => {
    const match = actual.chapters.find((c) => words(c.title).join(" ") === words(chapter.title).join(" "));
    return {
      title: chapter.title,
      found: !!match,
      words: match ? words(body(match.markdown)).filter((w) => notes || !noteWords(expected).has(w) || words(body(chapter.markdown)).includes(w)) : [],
      expected: words(body(chapter.markdown)),
    };
  });
}

function noteWords(model: DocumentModel): Set<string> {
  return new Set(model.chapters.flatMap((c) => [...c.markdown.matchAll(/^\[\^[^\]]+\]:(.*)$/gm)].flatMap((m) => words(m[1]!))));
}

// epubcheck's run is seconds of a JVM starting for one small book: the quick (C1) compiler alone
// and the serial collector halve its CPU time (measured 8.9 s → 4.1 s of CPU on a loaded machine),
// and the verdict is the same.
const QUICK_JVM = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];

/** epubcheck's verdict: exit status and its report (errors and warnings). */
export function epubcheck(bytes: Uint8Array): { ok: boolean; report: string } {
  const file = path.join(scratch(), "book.epub");
  writeFileSync(file, bytes);
  const result = spawnSync("java", [...QUICK_JVM, "-jar", "/usr/bin/epubcheck", file], { encoding: "utf8", timeout: 120_000 });
  return { ok: result.status === 0, report: `${result.stdout}\n${result.stderr}` };
}

// One LibreOffice profile per test process: a new profile costs soffice its first-start set-up on
// every call. The calls in a process are sequential (spawnSync), so they never share it at once.
let libreOfficeProfile: string | undefined;

/** LibreOffice headless turns the document into a PDF, or fails to open it. */
export function libreOfficeToPdf(bytes: Uint8Array, extension: string): string | null {
  const dir = scratch();
  const file = path.join(dir, `document.${extension}`);
  writeFileSync(file, bytes);
  libreOfficeProfile ??= path.join(scratch(), "profile");
  spawnSync("soffice", [`-env:UserInstallation=file://${libreOfficeProfile}`, "--headless", "--convert-to", "pdf", "--outdir", dir, file], { timeout: 180_000 });
  const pdf = path.join(dir, "document.pdf");
  try {
    readFileSync(pdf);
    return pdf;
  } catch {
    return null;
  }
}

export function pdfText(pdf: string | Uint8Array): string {
  const file = typeof pdf === "string" ? pdf : path.join(scratch(), "document.pdf");
  if (typeof pdf !== "string") writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8", maxBuffer: 64 << 20 });
}
