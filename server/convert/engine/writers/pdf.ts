import { existsSync } from "node:fs";
import path from "node:path";
import { AppError } from "../../../errors";
import type { DocumentModel, WriteOptions, WrittenDocument } from "../model";
import { typstBook } from "./typst-book";
import { typesetInChild } from "./typst-process";

/**
 * PDF typeset by Typst (the compiler as a native Node module, `@myriaddreamin/typst-ts-node-compiler`):
 * see ./typst-book.ts for the page, and docs/decisions/0370-pdf-typst-not-pdfkit.md (issue 19
 * items 10–12) for why Typst rather than drawing lines with pdfkit. Fonts are files of the app
 * (assets/fonts, with their licences), and Typst embeds a subset of each: only the glyphs a book
 * uses.
 */

// turbopackIgnore: otherwise `next build` takes the path for an import of every file under the
// app's root (README.md, docs …) and fails on them.
export const FONT_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), "assets", "fonts");

/** The fonts the template names: a missing one would silently fall back to Typst's own (no CJK, no Arabic). */
export const PDF_FONTS = [
  "NotoSerif_400Regular.ttf",
  "NotoSerif_400Regular_Italic.ttf",
  "NotoSerif_700Bold.ttf",
  "NotoSerif_700Bold_Italic.ttf",
  "NotoSerifSC_400Regular.ttf",
  "NotoSerifSC_700Bold.ttf",
  "NotoNaskhArabic-Regular.ttf",
  "NotoNaskhArabic-Bold.ttf",
  "NotoSerifHebrew-Regular.ttf",
  "NotoSerifHebrew-Bold.ttf",
  // The themes' faces (../themes.ts): Noto Sans for modern's titles, AR PL UKai (楷体) for the Chinese theme's.
  "NotoSans_400Regular.ttf",
  "NotoSans_700Bold.ttf",
  "ukai.ttc",
];

/**
 * The compile runs in a child process that the pool can kill (./typst-process.ts): Typst is native
 * code, which terminating a worker thread does not stop. The child is kept between jobs, its fonts
 * read once and Typst's memo bounded to its last few compiles (decision 0528).
 */
export async function writePdf(model: DocumentModel, options: WriteOptions = {}): Promise<WrittenDocument> {
  // turbopackIgnore: a path built at run time makes `next build` trace the whole project.
  const missing = PDF_FONTS.filter((file) => !existsSync(/* turbopackIgnore: true */ path.join(/* turbopackIgnore: true */ FONT_DIR, file)));
  if (missing.length > 0) throw new AppError("internal", `The PDF fonts are missing from ${FONT_DIR}: ${missing.join(", ")}.`);
  const source = typstBook(model, { trimSize: options.trimSize, sceneBreak: options.sceneBreak, rightHandChapters: options.rightHandChapters, pdfx: options.pdfx });
  const typeset = await typesetInChild({ source, gutter: true, pdfx: options.pdfx, ...(options.previewPages && { previewPages: options.previewPages }) }, FONT_DIR);
  return { bytes: typeset.pdf, mediaType: "application/pdf", extension: "pdf", pages: typeset.pages, ...(typeset.previewImages && { previewImages: typeset.previewImages }) };
}
