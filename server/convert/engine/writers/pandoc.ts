import type { DocumentModel, WrittenDocument } from "../model";
import { pandocFormat, runPandoc } from "../pandoc";
import { encodeUtf8 } from "../text";
import { modelToMarkdown } from "./markdown";

/** The model as Markdown with YAML metadata, through pandoc into the format, standalone. */
export async function writeWithPandoc(model: DocumentModel, format: string): Promise<WrittenDocument> {
  const info = pandocFormat(format);
  const to = info.pandoc.to;
  const markdown = modelToMarkdown(model);
  const options = { from: "markdown", to, standalone: true, wrap: "none" };
  if (info.container !== "text") {
    const name = `output.${info.extensions[0]}`;
    const result = await runPandoc({ ...options, "output-file": name }, markdown);
    const file = result.files[name];
    const bytes = file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : encodeUtf8(file ?? "");
    return { bytes, mediaType: info.mediaType, extension: info.extensions[0]! };
  }
  const result = await runPandoc(options, markdown);
  return { bytes: encodeUtf8(result.stdout), mediaType: `${info.mediaType}; charset=utf-8`, extension: info.extensions[0]! };
}
