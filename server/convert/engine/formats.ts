/** Every format the engine handles, and which engine does it. Only what the tests prove is listed. */
export interface FormatInfo {
  id: string;
  name: string;
  extensions: readonly string[];
  mediaType: string;
  read: boolean;
  write: boolean;
  engine: "native" | "pandoc";
  /** what the bytes look like, for content sniffing */
  container: "text" | "zip" | "pdf";
}

const native = (f: Omit<FormatInfo, "engine">): FormatInfo => ({ ...f, engine: "native" });
const pandoc = (f: Omit<FormatInfo, "engine" | "container"> & { container?: FormatInfo["container"] }): FormatInfo => ({
  container: "text",
  ...f,
  engine: "pandoc",
});

export const FORMATS: readonly FormatInfo[] = [
  native({ id: "md", name: "Markdown", extensions: ["md", "markdown"], mediaType: "text/markdown", read: true, write: true, container: "text" }),
  native({ id: "txt", name: "Plain text", extensions: ["txt", "text"], mediaType: "text/plain", read: true, write: true, container: "text" }),
  native({ id: "html", name: "HTML", extensions: ["html", "htm", "xhtml"], mediaType: "text/html", read: true, write: true, container: "text" }),
  native({
    id: "docx",
    name: "Word document (DOCX)",
    extensions: ["docx"],
    mediaType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    read: true,
    write: true,
    container: "zip",
  }),
  native({ id: "epub", name: "EPUB 3 e-book", extensions: ["epub"], mediaType: "application/epub+zip", read: true, write: true, container: "zip" }),
  native({ id: "pdf", name: "PDF", extensions: ["pdf"], mediaType: "application/pdf", read: false, write: true, container: "pdf" }),
  pandoc({
    id: "odt",
    name: "OpenDocument text (ODT)",
    extensions: ["odt"],
    mediaType: "application/vnd.oasis.opendocument.text",
    read: true,
    write: true,
    container: "zip",
  }),
  pandoc({ id: "rtf", name: "Rich Text Format", extensions: ["rtf"], mediaType: "application/rtf", read: true, write: true }),
  pandoc({ id: "fb2", name: "FictionBook 2", extensions: ["fb2"], mediaType: "application/x-fictionbook+xml", read: true, write: true }),
  pandoc({ id: "latex", name: "LaTeX", extensions: ["tex", "latex"], mediaType: "application/x-latex", read: true, write: true }),
  pandoc({ id: "typst", name: "Typst", extensions: ["typ"], mediaType: "text/vnd.typst", read: true, write: true }),
  pandoc({ id: "rst", name: "reStructuredText", extensions: ["rst"], mediaType: "text/x-rst", read: true, write: true }),
  pandoc({ id: "org", name: "Org mode", extensions: ["org"], mediaType: "text/x-org", read: true, write: true }),
  pandoc({ id: "docbook", name: "DocBook", extensions: ["dbk", "docbook"], mediaType: "application/docbook+xml", read: true, write: true }),
  pandoc({ id: "asciidoc", name: "AsciiDoc", extensions: ["adoc", "asciidoc"], mediaType: "text/asciidoc", read: true, write: true }),
  pandoc({ id: "opml", name: "OPML outline", extensions: ["opml"], mediaType: "text/x-opml+xml", read: true, write: true }),
  pandoc({ id: "mediawiki", name: "MediaWiki markup", extensions: ["wiki", "mediawiki"], mediaType: "text/x-mediawiki", read: true, write: true }),
  pandoc({ id: "textile", name: "Textile", extensions: ["textile"], mediaType: "text/x-textile", read: true, write: true }),
  pandoc({ id: "djot", name: "Djot", extensions: ["dj", "djot"], mediaType: "text/x-djot", read: true, write: true }),
  pandoc({ id: "jats", name: "JATS XML", extensions: ["jats"], mediaType: "application/jats+xml", read: true, write: true }),
  pandoc({ id: "muse", name: "Emacs Muse", extensions: ["muse"], mediaType: "text/x-muse", read: true, write: true }),
];

/** The media types files are written in (the OpenAPI document declares each for a download). */
export const WRITABLE_MEDIA_TYPES = [...new Set(FORMATS.filter((f) => f.write).map((f) => f.mediaType))];

const byId = new Map(FORMATS.map((f) => [f.id, f]));

export function formatById(id: string): FormatInfo | undefined {
  return byId.get(id);
}

export function formatByExtension(fileName: string): FormatInfo | undefined {
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension ? FORMATS.find((f) => f.extensions.includes(extension)) : undefined;
}
