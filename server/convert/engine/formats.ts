/**
 * Every format the engine handles, and everything the engine knows about one: this table is the
 * only list. Readers and writers are found from it (run.ts types its maps by it, so a format marked
 * readable without a reader does not compile), pandoc's names and a file's container come from it,
 * and the sniffer (detect.ts), the API's format list and the OpenAPI document derive from it.
 * Only what the tests prove is listed.
 */
interface FormatBase {
  id: string;
  name: string;
  /** the first is the one a written file gets */
  extensions: readonly string[];
  mediaType: string;
  read: boolean;
  write: boolean;
  /** what the bytes look like, for content sniffing; "text" formats may travel as a JSON string */
  container: "text" | "zip" | "pdf";
}

/**
 * Read and written by the engine's own code, or through pandoc under pandoc's names for it; a
 * pandoc format may have the engine's own code for one direction, never for both (that format
 * would be native).
 */
export type FormatInfo =
  | (FormatBase & { engine: "native" })
  | (FormatBase & {
      engine: "pandoc";
      pandoc: { from: string; to: string };
    } & (
        | {
            /** read by the engine's own code, written through pandoc (RTF: pandoc's reader drops characters) */
            nativeReader?: true;
            nativeWriter?: never;
          }
        | {
            /** written by the engine's own code, read through pandoc (ODT: pandoc-wasm's writer was 2.5× native pandoc's time) */
            nativeWriter?: true;
            nativeReader?: never;
          }
      ));

const pandoc = (name: string, to = name) => ({ from: name, to });

export const FORMATS = [
  { id: "md", name: "Markdown", extensions: ["md", "markdown"], mediaType: "text/markdown", read: true, write: true, engine: "native", container: "text" },
  { id: "txt", name: "Plain text", extensions: ["txt", "text"], mediaType: "text/plain", read: true, write: true, engine: "native", container: "text" },
  { id: "html", name: "HTML", extensions: ["html", "htm", "xhtml"], mediaType: "text/html", read: true, write: true, engine: "native", container: "text" },
  {
    id: "docx",
    name: "Word document (DOCX)",
    extensions: ["docx"],
    mediaType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    read: true,
    write: true,
    engine: "native",
    container: "zip",
  },
  { id: "epub", name: "EPUB 3 e-book", extensions: ["epub"], mediaType: "application/epub+zip", read: true, write: true, engine: "native", container: "zip" },
  { id: "pdf", name: "PDF", extensions: ["pdf"], mediaType: "application/pdf", read: false, write: true, engine: "native", container: "pdf" },
  {
    id: "odt",
    name: "OpenDocument text (ODT)",
    extensions: ["odt"],
    mediaType: "application/vnd.oasis.opendocument.text",
    read: true,
    write: true,
    engine: "pandoc",
    container: "zip",
    pandoc: pandoc("odt"),
    nativeWriter: true,
  },
  { id: "rtf", name: "Rich Text Format", extensions: ["rtf"], mediaType: "application/rtf", read: true, write: true, engine: "pandoc", container: "text", pandoc: pandoc("rtf"), nativeReader: true },
  { id: "fb2", name: "FictionBook 2", extensions: ["fb2"], mediaType: "application/x-fictionbook+xml", read: true, write: true, engine: "pandoc", container: "text", pandoc: pandoc("fb2") },
  { id: "latex", name: "LaTeX", extensions: ["tex", "latex"], mediaType: "application/x-latex", read: true, write: true, engine: "pandoc", container: "text", pandoc: pandoc("latex") },
  { id: "typst", name: "Typst", extensions: ["typ"], mediaType: "text/vnd.typst", read: true, write: true, engine: "pandoc", container: "text", pandoc: pandoc("typst") },
  { id: "rst", name: "reStructuredText", extensions: ["rst"], mediaType: "text/x-rst", read: true, write: true, engine: "pandoc", container: "text", pandoc: pandoc("rst") },
  { id: "org", name: "Org mode", extensions: ["org"], mediaType: "text/x-org", read: true, write: true, engine: "pandoc", container: "text", pandoc: pandoc("org") },
  // pandoc reads every DocBook as "docbook" but writes DocBook 5 only when asked for "docbook5".
  { id: "docbook", name: "DocBook", extensions: ["dbk", "docbook"], mediaType: "application/docbook+xml", read: true, write: true, engine: "pandoc", container: "text", pandoc: pandoc("docbook", "docbook5") },
  { id: "asciidoc", name: "AsciiDoc", extensions: ["adoc", "asciidoc"], mediaType: "text/asciidoc", read: true, write: true, engine: "pandoc", container: "text", pandoc: pandoc("asciidoc") },
  { id: "opml", name: "OPML outline", extensions: ["opml"], mediaType: "text/x-opml+xml", read: true, write: true, engine: "pandoc", container: "text", pandoc: pandoc("opml") },
  { id: "mediawiki", name: "MediaWiki markup", extensions: ["wiki", "mediawiki"], mediaType: "text/x-mediawiki", read: true, write: true, engine: "pandoc", container: "text", pandoc: pandoc("mediawiki") },
  { id: "textile", name: "Textile", extensions: ["textile"], mediaType: "text/x-textile", read: true, write: true, engine: "pandoc", container: "text", pandoc: pandoc("textile") },
  { id: "djot", name: "Djot", extensions: ["dj", "djot"], mediaType: "text/x-djot", read: true, write: true, engine: "pandoc", container: "text", pandoc: pandoc("djot") },
  { id: "jats", name: "JATS XML", extensions: ["jats"], mediaType: "application/jats+xml", read: true, write: true, engine: "pandoc", container: "text", pandoc: pandoc("jats") },
  { id: "muse", name: "Emacs Muse", extensions: ["muse"], mediaType: "text/x-muse", read: true, write: true, engine: "pandoc", container: "text", pandoc: pandoc("muse") },
] as const satisfies readonly FormatInfo[];

type Native = Extract<(typeof FORMATS)[number], { engine: "native" }>;
/** Formats the engine reads, and writes, with code of its own (run.ts has one function for each). */
export type NativeReadable = Extract<Native, { read: true }>["id"] | Extract<(typeof FORMATS)[number], { nativeReader: true }>["id"];
export type NativeWritable = Extract<Native, { write: true }>["id"] | Extract<(typeof FORMATS)[number], { nativeWriter: true }>["id"];

/** The media types files are written in (the OpenAPI document declares each for a download). */
export const WRITABLE_MEDIA_TYPES = [...new Set(FORMATS.filter((f) => f.write).map((f) => f.mediaType))];

// A format is also known by its file extensions ("markdown" is md, "htm" html), as callers name
// it: an id first, then the extensions of the formats in order, none taking another's id.
const byId = new Map<string, FormatInfo>(FORMATS.map((f) => [f.id, f]));
for (const format of FORMATS) for (const extension of format.extensions) if (!byId.has(extension)) byId.set(extension, format);

/** The format of an id or of one of its extensions (`markdown` is md). */
export function formatById(id: string): FormatInfo | undefined {
  return byId.get(id);
}

export function formatByExtension(fileName: string): FormatInfo | undefined {
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension ? FORMATS.find((f: FormatInfo) => f.extensions.includes(extension)) : undefined;
}
