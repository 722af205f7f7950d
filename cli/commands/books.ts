import { mkdirSync } from "node:fs";
import path from "node:path";
import { Command, Option } from "commander";
import { BACK_MATTER_PAGES, type BackMatterPage } from "../../server/back-matter/schemas";
import { BOOK_COVER_BYTES, BOOK_STATUSES, bookSchema, createBookInput, patchBookInput, type BookDto } from "../../server/books/schemas";
import { PAPERS, THEMES, TRIM_SIZES } from "../../server/convert/engine/export-options";
import { CONFORMANCE_LEVELS, type ConformanceLevel } from "../../server/convert/engine/accessibility-claim";
import { coverTemplateQuery, printPreviewQuery, printPreviewSchema } from "../../server/convert/schemas";
import { COUNT_RULES, PARAGRAPH_INDENTS } from "../../server/text/text-rules";
import { context } from "../context";
import { jsonFields } from "../json-output";
import { checkInput, CliError } from "../errors";
import { fileForm, writeOutput } from "../files";
import { printRecord, printResult } from "../output";
import { pageOptions, printListing, readListing, type PageOptions } from "../paging";

interface BookFields {
  title?: string;
  type?: string;
  description?: string;
  language?: string;
  status?: (typeof BOOK_STATUSES)[number];
  targetWords?: string;
  countRule?: (typeof COUNT_RULES)[number];
  paragraphIndent?: (typeof PARAGRAPH_INDENTS)[number];
  backMatter?: string;
  theme?: (typeof THEMES)[number];
  accessibilityClaim?: string;
  evaluatedBy?: string;
  evaluatorCredential?: string;
  evaluationReport?: string;
}

/** --accessibility-claim's words: the WCAG version and level of each claim EPUB Accessibility 1.1 names. */
const CLAIM_LEVELS: Record<string, ConformanceLevel> = Object.fromEntries(CONFORMANCE_LEVELS.map((level) => [level.replace(/^.*WCAG (\d\.\d) Level (A+)$/, "$1-$2"), level]));

function addBookFields(command: Command): Command {
  return command
    .option("--type <genre>", "the genre, e.g. novel, fantasy, memoir")
    .option("--description <text>", "a description")
    .option("--language <tag>", "BCP 47 language tag, e.g. en, zh-Hans")
    .addOption(new Option("--status <status>", "where the book stands").choices(BOOK_STATUSES))
    .option("--target-words <n>", 'target word count ("none" to clear)')
    .addOption(
      new Option("--count-rule <rule>", "how the book counts its length: words, characters (字数 with punctuation, as 起点 and Word), charactersWithoutPunctuation; left out of a new book, its language's").choices(
        COUNT_RULES,
      ),
    )
    .addOption(new Option("--paragraph-indent <indent>", "how paragraphs open in the editor and exports: fullWidth (　　), typographic, none").choices(PARAGRAPH_INDENTS))
    .option("--back-matter <pages>", `the back-matter pages the book prints, comma-separated, of ${BACK_MATTER_PAGES.join(", ")}; "none" for none, "default" for each that has text`)
    .addOption(new Option("--theme <theme>", "the typography of the book's PDF, EPUB and DOCX: classic, modern, chinese (宋体, 楷体 titles, 首行缩进)").choices(THEMES))
    .addOption(
      new Option("--accessibility-claim <level>", "the WCAG level the EPUB claims (EPUB Accessibility 1.1), for a book someone has evaluated; none to withdraw it").choices([...Object.keys(CLAIM_LEVELS), "none"]),
    )
    .option("--evaluated-by <name>", "with --accessibility-claim: who evaluated the book")
    .option("--evaluator-credential <text>", "with --accessibility-claim: the evaluator's credential")
    .option("--evaluation-report <url>", "with --accessibility-claim: where the evaluation report can be read");
}

/** --accessibility-claim and its evaluator: the claim, null for none, or nothing when not given. */
function accessibilityClaim(options: BookFields) {
  if (options.accessibilityClaim === undefined) {
    if (options.evaluatedBy !== undefined || options.evaluatorCredential !== undefined || options.evaluationReport !== undefined) {
      throw new CliError("--evaluated-by, --evaluator-credential and --evaluation-report go with --accessibility-claim <level>");
    }
    return {};
  }
  if (options.accessibilityClaim === "none") return { accessibilityClaim: null };
  return {
    accessibilityClaim: {
      conformsTo: CLAIM_LEVELS[options.accessibilityClaim]!,
      certifiedBy: options.evaluatedBy ?? "",
      credential: options.evaluatorCredential ?? null,
      report: options.evaluationReport ?? null,
    },
  };
}

/** --back-matter: a list of pages, "none" (an empty list) or "default" (null: each that has text). */
function backMatterPages(value: string): BackMatterPage[] | null {
  if (value === "default") return null;
  if (value === "none") return [];
  // Checked with the server's schema before it is sent (checkInput): a page it does not know is named there.
  return value
    .split(",")
    .map((page) => page.trim())
    .filter(Boolean) as BackMatterPage[];
}

function bookFields(options: BookFields) {
  const target = options.targetWords;
  return {
    ...(options.title !== undefined && { title: options.title }),
    ...(options.type !== undefined && { type: options.type }),
    ...(options.description !== undefined && { description: options.description }),
    ...(options.language !== undefined && { language: options.language }),
    ...(options.status !== undefined && { status: options.status }),
    ...(target !== undefined && { targetWordCount: target === "none" ? null : Number(target) }),
    ...(options.countRule !== undefined && { countRule: options.countRule }),
    ...(options.paragraphIndent !== undefined && { paragraphIndent: options.paragraphIndent }),
    ...(options.backMatter !== undefined && { backMatter: backMatterPages(options.backMatter) }),
    ...(options.theme !== undefined && { theme: options.theme }),
    ...accessibilityClaim(options),
  };
}

const bookPath = (id: string) => `/api/v1/books/${encodeURIComponent(id)}`;

export function registerBooks(program: Command): void {
  const books = program.command("books").description("list, show, create, update and delete books");

  pageOptions(jsonFields(books.command("list").description("your books and the books shared with you, most recently updated first"), bookSchema))
    .addOption(new Option("--status <status>", "only books with this status").choices(BOOK_STATUSES))
    .option("--type <genre>", "only books of this genre")
    .addOption(new Option("--access <which>", "own: only your own; shared: only those shared with you").choices(["own", "shared"]))
    .option("--deleted", "list the trash instead")
    .action(async (options: PageOptions & { status?: string; type?: string; access?: string; deleted?: boolean }, command: Command) => {
      const { client, json } = context(command);
      const query = { status: options.status, type: options.type, access: options.access, deleted: options.deleted ? "true" : undefined };
      const listing = await readListing(client, "/api/v1/books", query, bookSchema, options);
      printListing<BookDto>(json, listing, [
        { heading: "id", value: (b) => b.id },
        { heading: "title", value: (b) => b.title },
        { heading: "type", value: (b) => b.type },
        { heading: "status", value: (b) => b.status },
        { heading: "role", value: (b) => b.role },
        { heading: "chapters", value: (b) => b.chapterCount },
        { heading: "words", value: (b) => b.wordCount },
        { heading: "updated", value: (b) => b.updatedAt },
      ], "no books yet — inkstone books create --title …", options);
    });

  jsonFields(books.command("show <bookId>"), bookSchema)
    .description("one book")
    .action(async (bookId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      printRecord(json, await client.data("GET", bookPath(bookId), {}, bookSchema));
    });

  addBookFields(books.command("create").description("a new book").requiredOption("--title <title>", "its title")).action(
    async (options: BookFields, command: Command) => {
      const { client, json } = context(command);
      const body = checkInput(createBookInput, { title: options.title ?? "", ...bookFields(options) });
      const book = await client.data("POST", "/api/v1/books", { json: body }, bookSchema);
      printResult(json, book, `Created "${book.title}" (${book.id}).`);
    },
  );

  addBookFields(books.command("update <bookId>").description("change some of a book's attributes").option("--title <title>", "a new title"))
    .option("--restore", "bring it back from the trash")
    .action(async (bookId: string, options: BookFields & { restore?: boolean }, command: Command) => {
      const { client, json } = context(command);
      const changes = { ...bookFields(options), ...(options.restore && { deleted: false }) };
      if (Object.keys(changes).length === 0) throw new CliError("name something to change, e.g. --title or --status (see --help)");
      const book = await client.data("PATCH", bookPath(bookId), { json: checkInput(patchBookInput, changes) }, bookSchema);
      printResult(json, book, `Updated "${book.title}" (${book.id}).`);
    });

  books
    .command("delete <bookId>")
    .description("move a book to the trash (inkstone books update <id> --restore brings it back)")
    .action(async (bookId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      await client.data("DELETE", bookPath(bookId));
      printResult(json, { id: bookId, deleted: true }, `Moved ${bookId} to the trash.`);
    });

  registerCover(books);
}

/** inkstone books cover set|get|remove|template: the cover the book's EPUB carries, and the print cover's template. */
function registerCover(books: Command): void {
  const cover = books.command("cover").description("the book's cover, which its EPUB export carries");
  const coverPath = (bookId: string) => `${bookPath(bookId)}/cover`;

  cover
    .command("set <bookId> <file>")
    .description(`a JPEG, PNG or GIF of at most ${BOOK_COVER_BYTES / 1024 / 1024} MiB, replacing any cover`)
    .action(async (bookId: string, file: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const book = await client.data("PUT", coverPath(bookId), { form: fileForm(file), progress: "uploading" }, bookSchema);
      const { mediaType, size, width, height, warnings } = book.cover!;
      const pixels = width !== null && height !== null ? `, ${width} × ${height} pixels` : "";
      // Kept either way: what the stores would say of it follows, a line each (as `bible add` prints its notes).
      const told = warnings.map((warning) => `\n  warning: ${warning.message}`).join("");
      printResult(json, book, `"${book.title}" has a cover now (${mediaType}, ${size} bytes${pixels}); its EPUB export carries it.${told}`);
    });

  cover
    .command("get <bookId>")
    .description("download the cover")
    .requiredOption("-o, --output <file>", 'where to write it ("-" for standard output)')
    .action(async (bookId: string, options: { output: string }, command: Command) => {
      const { client, json } = context(command);
      const image = await client.download("GET", coverPath(bookId), {});
      const where = writeOutput(image.bytes, options.output);
      if (options.output !== "-") printResult(json, { file: where, mediaType: image.mediaType, bytes: image.bytes.byteLength }, `Wrote ${where} (${image.bytes.byteLength} bytes).`);
    });

  cover
    .command("template <bookId>")
    .description("a paperback cover template (PDF) for your designer: back, spine and front with bleed and safe zones, the spine measured from the page count and paper")
    .option("--trim-size <size>", `the print PDF's trim size: ${TRIM_SIZES.join(", ")}; 6x9 unless given`)
    .option("--paper <paper>", `the interior's paper: ${PAPERS.join(", ")}; white unless given`)
    .option("--pages <count>", "the interior's pages; counted from the book's print PDF at the trim size when left out")
    .option("--right-hand-chapters", "counting: every chapter opens on a right-hand page, as the export's --right-hand-chapters")
    .requiredOption("-o, --output <file>", 'where to write it ("-" for standard output)')
    .action(async (bookId: string, options: { trimSize?: string; paper?: string; pages?: string; rightHandChapters?: boolean; output: string }, command: Command) => {
      const { client, json } = context(command);
      const query = checkInput(coverTemplateQuery, {
        trimSize: options.trimSize as (typeof TRIM_SIZES)[number] | undefined,
        paper: options.paper as (typeof PAPERS)[number] | undefined,
        pageCount: options.pages,
        rightHandChapters: options.rightHandChapters ? "1" : undefined,
      });
      const file = await client.download("GET", `${bookPath(bookId)}/cover-template`, { query, progress: "drawing the cover template" });
      const where = writeOutput(file.bytes, options.output);
      if (options.output !== "-") printResult(json, { file: where, name: file.name, bytes: file.bytes.byteLength, mediaType: file.mediaType }, `Wrote ${where} (${file.bytes.byteLength} bytes).`);
    });

  cover
    .command("remove <bookId>")
    .description("remove the cover")
    .action(async (bookId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      await client.data("DELETE", coverPath(bookId));
      printResult(json, { id: bookId, cover: null }, `Removed the cover of ${bookId}.`);
    });

  books
    .command("preview <bookId>")
    .description("the print PDF's first pages as PNG images, in a theme and trim size: a look before exporting (decision 0494)")
    .option("--theme <theme>", `${THEMES.join(", ")}; the book's own unless given`)
    .option("--trim-size <size>", `${TRIM_SIZES.join(", ")}; 6x9 unless given`)
    .option("--pages <count>", "how many of the first pages, 1 to 8; 4 unless given")
    .requiredOption("-o, --output <folder>", "the folder to write page-1.png, page-2.png … into")
    .action(async (bookId: string, options: { theme?: string; trimSize?: string; pages?: string; output: string }, command: Command) => {
      const { client, json } = context(command);
      const trimSize = options.trimSize as (typeof TRIM_SIZES)[number] | undefined;
      checkInput(printPreviewQuery, { theme: options.theme, trimSize, pages: options.pages });
      const query = { theme: options.theme, trimSize, pages: options.pages };
      const preview = await client.data("GET", `${bookPath(bookId)}/print-preview`, { query, progress: "drawing the first pages" }, printPreviewSchema);
      mkdirSync(options.output, { recursive: true });
      const files = preview.pages.map((page) => writeOutput(Buffer.from(page.base64, "base64"), path.join(options.output, `page-${page.number}.png`)));
      printResult(json, { theme: preview.theme, trimSize: preview.trimSize, files }, `Wrote ${files.length} pages (${preview.theme}, ${preview.trimSize}) to ${options.output}.`);
    });
}
