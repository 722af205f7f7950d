import { decodeEntities } from "../markdown/tokens";
import type { DocumentModel } from "../model";
import { pandocFormat, runPandoc } from "../pandoc";
import { decodeUtf8 } from "../text";
import { rezipSafely, unzipSafely } from "../zip";
import { elementText, htmlDocument } from "./html";

/** Through pandoc to standalone HTML, then the HTML reader: one path into the model for them all. */
export async function readWithPandoc(bytes: Uint8Array, format: string): Promise<DocumentModel> {
  const info = pandocFormat(format);
  const options = { from: info.pandoc.from, to: "html5", standalone: true, "wrap": "none" };
  // A zipped format is checked against ZIP_LIMITS, like DOCX and EPUB, before pandoc inflates it.
  const result = info.container === "zip"
    ? await runPandoc({ ...options, "input-files": [`input.${format}`] }, null, { [`input.${format}`]: new Blob([rezipSafely(bytes, info.name) as Uint8Array<ArrayBuffer>]) })
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
