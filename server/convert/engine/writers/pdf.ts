import { existsSync } from "node:fs";
import path from "node:path";
import type { NodeCompiler } from "@myriaddreamin/typst-ts-node-compiler";
import { AppError } from "../../../errors";
import type { DocumentModel, WriteOptions, WrittenDocument } from "../model";
import { typstBook } from "./typst-book";

/**
 * PDF typeset by Typst (the compiler as a native Node module, `@myriaddreamin/typst-ts-node-compiler`):
 * see ./typst-book.ts for the page, and docs/decisions/0370-pdf-typst-not-pdfkit.md (issue 19
 * items 10–12) for why Typst rather than drawing lines with pdfkit. Fonts are files of the app
 * (assets/fonts, with their licences), and Typst embeds a subset of each: only the glyphs a book
 * uses.
 */

// turbopackIgnore: otherwise `next build` takes the path for an import of every file under the
// app's root (README.md, docs …) and fails on them.
const FONT_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), "assets", "fonts");

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
];

let compiler: NodeCompiler | undefined;
let compiles = 0;

/**
 * One compiler a worker: it reads the fonts once (a quarter of a second, the CJK ones are 30 MB).
 * Loaded on first use, so that only a worker that writes a PDF loads the native module.
 */
function typst(): NodeCompiler {
  if (compiler) return compiler;
  // turbopackIgnore: a path built at run time makes `next build` trace the whole project.
  const missing = PDF_FONTS.filter((file) => !existsSync(/* turbopackIgnore: true */ path.join(/* turbopackIgnore: true */ FONT_DIR, file)));
  if (missing.length > 0) throw new AppError("internal", `The PDF fonts are missing from ${FONT_DIR}: ${missing.join(", ")}.`);
  // A native module: loaded at run time from node_modules, never bundled.
  const load = process.getBuiltinModule("node:module").createRequire(import.meta.url);
  const { NodeCompiler: Compiler } = load("@myriaddreamin/typst-ts-node-compiler") as typeof import("@myriaddreamin/typst-ts-node-compiler");
  compiler = Compiler.create({ fontArgs: [{ fontPaths: [FONT_DIR] }] });
  return compiler;
}

export function writePdf(model: DocumentModel, options: WriteOptions = {}): WrittenDocument {
  const source = typstBook(model, { trimSize: options.trimSize, sceneBreak: options.sceneBreak });
  const compile = typst();
  try {
    const bytes = compile.pdf({ mainFileContent: source }, { creationTimestamp: 0 });
    return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), mediaType: "application/pdf", extension: "pdf" };
  } finally {
    // Typst memoizes layouts across compiles; a worker that writes many books must not keep them all.
    if (++compiles % 4 === 0) compile.evictCache(4);
  }
}
