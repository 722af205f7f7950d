import { decodeEntities } from "../markdown/tokens";
import type { DocumentModel } from "../model";
import { runPandoc } from "../pandoc";
import { decodeUtf8 } from "../text";
import { rezipSafely, unzipSafely } from "../zip";
import { elementText, htmlDocument } from "./html";

/** pandoc's reader for each long-tail format id (see ../formats.ts). */
export const PANDOC_READERS: Record<string, string> = {
  odt: "odt",
  fb2: "fb2",
  latex: "latex",
  typst: "typst",
  rst: "rst",
  org: "org",
  docbook: "docbook",
  asciidoc: "asciidoc",
  opml: "opml",
  mediawiki: "mediawiki",
  textile: "textile",
  djot: "djot",
  jats: "jats",
  muse: "muse",
};

/** Zipped formats: checked against ZIP_LIMITS, like DOCX and EPUB, before pandoc inflates them. */
const ZIPPED: Record<string, string> = { odt: "ODT document" };

/** Through pandoc to standalone HTML, then the HTML reader: one path into the model for them all. */
export async function readWithPandoc(bytes: Uint8Array, format: string): Promise<DocumentModel> {
  const from = PANDOC_READERS[format]!;
  const options = { from, to: "html5", standalone: true, "wrap": "none" };
  const zipped = ZIPPED[format];
  const result = zipped
    ? await runPandoc({ ...options, "input-files": [`input.${format}`] }, null, { [`input.${format}`]: new Blob([rezipSafely(bytes, zipped) as Uint8Array<ArrayBuffer>]) })
    : await runPandoc(options, decodeUtf8(bytes));
  // pandoc titles a document without metadata after its input ("stdin"): only its title block counts.
  const html = result.stdout;
  const block = /<header id="title-block-header">([\s\S]*?)<\/header>/.exec(html)?.[1] ?? "";
  const model = htmlDocument(html);
  // …or Inkstone's own title page (see ./html.ts, TITLE_PAGE_CLASS).
  const field = (name: "title" | "author") => (block.includes(`class="${name}"`) || html.includes(`class="inkstone-${name}"`) ? model[name] : undefined);
  const meta = format === "odt" ? odtMetadata(bytes) : {};
  return { ...model, title: meta.title || field("title"), author: meta.author || field("author"), language: meta.language || model.language };
}

/** An ODT's title, author and language in meta.xml, which pandoc's reader leaves unread. */
function odtMetadata(bytes: Uint8Array): Pick<DocumentModel, "title" | "author" | "language"> {
  const xml = unzipSafely(bytes, "ODT document", (name) => name === "meta.xml")["meta.xml"];
  if (!xml) return {};
  const meta = new TextDecoder().decode(xml);
  const field = (name: string) => {
    const value = elementText(meta, name)?.trim();
    return value ? decodeEntities(value) : undefined;
  };
  return { title: field("dc:title"), author: field("dc:creator") ?? field("meta:initial-creator"), language: field("dc:language") };
}
