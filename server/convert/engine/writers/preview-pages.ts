import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The first pages of a print PDF as PNG images, for the export dialog's preview (decision 0494),
 * rendered by poppler's pdftoppm (Debian's poppler-utils, which the print tests read PDFs back
 * with already). It renders the PDF a printer would get, glyph for glyph, and only the pages
 * asked for; Typst's own renderer writes SVG of the whole document at once. It runs in the
 * typesetter's child process (./typst-child.ts), which kills it with itself at the deadline.
 */

/** The preview's resolution: a 6 × 9 in page is 480 × 720 pixels, sharp enough at the dialog's size and about 40 KB. */
export const PREVIEW_DPI = 80;

let available: boolean | undefined;
/** Whether this machine has pdftoppm (poppler-utils): without it a preview answers 406. */
export function previewAvailable(): boolean {
  available ??= spawnSync("pdftoppm", ["-v"], { stdio: "ignore" }).status === 0;
  return available;
}

export async function renderPages(pdf: Uint8Array, pages: number, started?: (tool: ChildProcess) => void): Promise<Uint8Array[]> {
  const folder = await mkdtemp(path.join(tmpdir(), "inkstone-preview-"));
  try {
    await new Promise<void>((resolve, reject) => {
      const tool = spawn("pdftoppm", ["-png", "-r", String(PREVIEW_DPI), "-f", "1", "-l", String(pages), "-", path.join(folder, "page")], { stdio: ["pipe", "ignore", "pipe"] });
      started?.(tool);
      const errors: Buffer[] = [];
      tool.stderr.on("data", (chunk: Buffer) => errors.push(chunk));
      tool.stdin.on("error", () => {});
      tool.on("error", reject);
      tool.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`pdftoppm stopped (exit ${code}): ${Buffer.concat(errors).toString("utf8").slice(0, 300)}`))));
      tool.stdin.end(pdf);
    });
    // page-1.png … (zero-padded to the page count's width): in order by name once padded alike.
    const files = (await readdir(folder)).filter((name) => name.endsWith(".png")).sort();
    return Promise.all(files.map(async (name) => new Uint8Array(await readFile(path.join(folder, name)))));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
