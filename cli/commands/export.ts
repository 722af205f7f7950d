import type { Command } from "commander";
import type { z } from "zod";
import { THEMES, TRIM_SIZES } from "../../server/convert/engine/export-options";
import { exportQuery } from "../../server/convert/schemas";
import { context } from "../context";
import { checkInput } from "../errors";
import { writeOutput } from "../files";
import { printResult } from "../output";

type Query = z.input<typeof exportQuery>;

interface ExportFlags {
  format: string;
  manuscript?: boolean;
  smartPunctuation?: boolean;
  notes?: boolean;
  trimSize?: string;
  theme?: string;
  rightHandChapters?: boolean;
  pdfx?: boolean;
  copyright?: string;
  dedication?: string;
  sceneBreak?: string;
  chapters?: string;
  part: string[];
  chapter: string[];
  scene: string[];
  outline?: boolean;
  paper?: string;
  manuscriptFont?: string;
  bibleAppendix?: boolean;
  /** false with --no-cover */
  cover: boolean;
  layout?: string;
  paragraphSpacing?: string;
  lineEndings?: string;
  encoding?: string;
  split?: string;
  output: string;
}

export function registerExport(program: Command): void {
  program
    .command("export <bookId>")
    .description("download a book in a writable format (see inkstone formats)")
    .requiredOption("--format <format>", "e.g. docx, epub, pdf, html, md")
    .option("--manuscript", "Standard Manuscript Format (DOCX)")
    .option("--smart-punctuation", "typographer's quotes, dashes (-- and ---) and ellipses (...) in the prose; Chinese punctuation is left as it is")
    .option("--notes", "include the private notes (<!-- … -->) as bracketed text")
    .option("--trim-size <size>", `PDF: the page, ${TRIM_SIZES.join(", ")} (inches; 140x203mm is 大32开, 185x260mm 16开); 6x9 unless given`)
    .option("--theme <theme>", `PDF, EPUB, DOCX: the theme to set the book in, ${THEMES.join(", ")}; the book's own unless given`)
    .option("--right-hand-chapters", "PDF: every chapter opens on a right-hand page (else only the first)")
    .option("--pdfx", "PDF: PDF/X-3 for the printer (CMYK, an output intent; made with Ghostscript, slower)")
    .option("--copyright <text>", "a copyright page after the title page (\\n in the shell's quoting for line breaks)")
    .option("--dedication <text>", "a dedication on its own page after the copyright page")
    .option("--scene-break <mark>", "what a scene break prints as: stars (* * *), hash (#), asterism (⁂) or blank")
    .option("--chapters <ids>", "only these chapters (comma-separated ids, see inkstone chapters list), in the book's order")
    .option("--part <id>", "only the chapters of this part (repeat for more; see inkstone parts list)", collect, [])
    .option("--chapter <id>", "only this chapter (repeat for more); with --part and --scene, their union in the book's order", collect, [])
    .option("--scene <id>", "only this scene, its stretch of its chapter (repeat for more; see inkstone scenes list)", collect, [])
    .option("--outline", "the book's plan instead of its text: parts, chapters and scenes with synopsis, status, POV, plotlines, target and story date")
    .option("--paper <paper>", "with --manuscript: letter (the default) or a4")
    .option("--manuscript-font <font>", "with --manuscript: courier (the default) or times")
    .option("--bible-appendix", "the book's story bible as an appendix after the last chapter")
    .option("--no-cover", "EPUB: leave out the book's cover (inkstone books cover set)")
    .option("--layout <layout>", "TXT: plain (the default) or platform (every paragraph indented with two ideographic spaces, as 起点 and 番茄 take it)")
    .option("--paragraph-spacing <spacing>", "TXT: blank (a blank line between paragraphs, the default) or none")
    .option("--line-endings <endings>", "TXT: lf (the default) or crlf")
    .option("--encoding <encoding>", "TXT: utf-8 (the default) or gb18030")
    .option("--split <split>", "TXT: book (one file, the default) or chapters (a zip of one file per chapter)")
    .requiredOption("-o, --output <file>", 'where to write it ("-" for standard output)')
    .action(async (bookId: string, options: ExportFlags, command: Command) => {
      const { client, json } = context(command);
      const query = checkInput(exportQuery, {
        format: options.format,
        manuscript: options.manuscript ? "1" : undefined,
        smartPunctuation: options.smartPunctuation ? "1" : undefined,
        notes: options.notes ? "1" : undefined,
        trimSize: options.trimSize as Query["trimSize"],
        theme: options.theme,
        rightHandChapters: options.rightHandChapters ? "1" : undefined,
        pdfx: options.pdfx ? "1" : undefined,
        copyright: options.copyright,
        dedication: options.dedication,
        sceneBreak: options.sceneBreak as Query["sceneBreak"],
        chapters: joined([...(options.chapters ? [options.chapters] : []), ...options.chapter]),
        parts: joined(options.part),
        scenes: joined(options.scene),
        content: options.outline ? "outline" : undefined,
        paper: options.paper as Query["paper"],
        manuscriptFont: options.manuscriptFont as Query["manuscriptFont"],
        bibleAppendix: options.bibleAppendix ? "1" : undefined,
        cover: options.cover ? undefined : "0",
        layout: options.layout as Query["layout"],
        paragraphSpacing: options.paragraphSpacing as Query["paragraphSpacing"],
        lineEndings: options.lineEndings as Query["lineEndings"],
        encoding: options.encoding as Query["encoding"],
        split: options.split as Query["split"],
      });
      const file = await client.download("GET", `/api/v1/books/${encodeURIComponent(bookId)}/export`, { query, progress: "exporting", waiting: `exporting as ${options.format}` });
      const where = writeOutput(file.bytes, options.output);
      if (options.output !== "-") printResult(json, { file: where, name: file.name, bytes: file.bytes.byteLength, mediaType: file.mediaType, job: file.jobId }, `Wrote ${where} (${file.bytes.byteLength} bytes).`);
    });
}

/** Commander's way to repeat an option: each value added to the list. */
function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** REST's comma-separated id list, or nothing when none was given. */
function joined(ids: readonly string[]): string | undefined {
  return ids.length > 0 ? ids.join(",") : undefined;
}
