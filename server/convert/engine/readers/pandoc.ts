import type { DocumentModel } from "../model";
import { pandocFormat, runPandoc } from "../pandoc";
import { decodeUtf8 } from "../text";
import { rezipSafely } from "../zip";
import { htmlDocument } from "./html";

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
  const field = (name: string) => (block.includes(`class="${name}"`) ? model[name as "title" | "author"] : undefined);
  return { ...model, title: field("title"), author: field("author") };
}
