import type { DocumentModel, WrittenDocument } from "../model";
import { formatById } from "../formats";
import { runPandoc } from "../pandoc";
import { encodeUtf8 } from "../text";
import { modelToMarkdown } from "./markdown";

/** pandoc's writer for each long-tail format id. */
export const PANDOC_WRITERS: Record<string, string> = {
  odt: "odt",
  rtf: "rtf",
  fb2: "fb2",
  latex: "latex",
  typst: "typst",
  rst: "rst",
  org: "org",
  docbook: "docbook5",
  asciidoc: "asciidoc",
  opml: "opml",
  mediawiki: "mediawiki",
  textile: "textile",
  djot: "djot",
  jats: "jats",
  muse: "muse",
};

const BINARY = new Set(["odt"]);

/** The model as Markdown with YAML metadata, through pandoc into the format, standalone. */
export async function writeWithPandoc(model: DocumentModel, format: string): Promise<WrittenDocument> {
  const info = formatById(format)!;
  const to = PANDOC_WRITERS[format]!;
  const markdown = modelToMarkdown(model);
  const options = { from: "markdown", to, standalone: true, wrap: "none" };
  if (BINARY.has(format)) {
    const name = `output.${info.extensions[0]}`;
    const result = await runPandoc({ ...options, "output-file": name }, markdown);
    const file = result.files[name];
    const bytes = file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : encodeUtf8(file ?? "");
    return { bytes, mediaType: info.mediaType, extension: info.extensions[0]! };
  }
  const result = await runPandoc(options, markdown);
  return { bytes: encodeUtf8(result.stdout), mediaType: `${info.mediaType}; charset=utf-8`, extension: info.extensions[0]! };
}
