import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { connect } from "node:net";
import path from "node:path";
import { inject } from "vitest";
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

/** epubcheck's verdict: exit status and its report (errors and warnings), from the run's one epubcheck (test/support/epubcheck-service.ts). */
export async function epubcheck(bytes: Uint8Array): Promise<{ ok: boolean; report: string }> {
  const file = path.join(scratch(), "book.epub");
  writeFileSync(file, bytes);
  const port = inject("epubcheckPort");
  if (port === 0) throw new Error("epubcheck is not installed (test/support/epubcheck-service.ts)");
  const answer = await ask(port, file);
  const newline = answer.indexOf("\n");
  return { ok: answer.slice(0, newline) === "0", report: answer.slice(newline + 1) };
}

function ask(port: number, file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    const socket = connect(port, "127.0.0.1", () => socket.end(`${file}\n`));
    socket.on("data", (part: Buffer) => parts.push(part));
    socket.on("error", reject);
    socket.on("close", (failed) => (failed ? undefined : resolve(Buffer.concat(parts).toString("utf8"))));
  });
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
