import { markSceneBreaks } from "../compile";
import { SCENE_BREAKS } from "../export-options";
import { hasCjk, type DocumentModel, type WriteOptions, type WrittenDocument } from "../model";
import { pandocFormat, runPandoc } from "../pandoc";
import { encodeUtf8 } from "../text";
import { modelToMarkdown } from "./markdown";

/**
 * The model as Markdown with YAML metadata, through pandoc into the format, standalone. Every
 * format pandoc writes for Inkstone is text: ODT, the one zipped format, has a writer of its own (./odt.ts).
 */
export async function writeWithPandoc(model: DocumentModel, format: string, options: WriteOptions = {}): Promise<WrittenDocument> {
  const info = pandocFormat(format);
  const to = info.pandoc.to;
  // Djot has no metadata: pandoc prints the title as a chapter-level heading. Inkstone marks its own.
  // pandoc prints a thematic break as a rule; a chosen mark is a paragraph of that mark instead.
  const mark = options.sceneBreak && SCENE_BREAKS[options.sceneBreak];
  const marked = mark === undefined ? model : { ...model, chapters: model.chapters.map((c) => ({ ...c, markdown: markSceneBreaks(c.markdown, mark) })) };
  const markdown = modelToMarkdown({ ...marked, title: undefined, author: undefined, language: undefined });
  const pandocOptions = {
    from: PLAIN_PROSE,
    to,
    standalone: true,
    wrap: "none",
    ...(format !== "djot" && { metadata: plainMetadata(model) }),
    ...(format === "latex" && latexCjk(model)),
  };
  const result = await runPandoc(pandocOptions, markdown);
  const written = format === "rtf" ? withRtfInfo(result.stdout, model) : format === "djot" ? djotTitlePage(model) + result.stdout : result.stdout;
  return { bytes: encodeUtf8(written), mediaType: `${info.mediaType}; charset=utf-8`, extension: info.extensions[0]! };
}

/**
 * Pandoc's Markdown, without what would let a writer's text be more than text in the output:
 * raw HTML and TeX (`</title><script>` was an element in DocBook, `\write18` a command in LaTeX),
 * raw blocks for a named format, TeX math and macros (passed to LaTeX as they are). The native
 * writers escape all of it alike (../markdown/html.ts). Without `smart` too: typographer's
 * punctuation is the smartPunctuation option's to make, for every writer alike (../run.ts).
 */
const PLAIN_PROSE = "markdown-smart-raw_html-raw_tex-raw_attribute-tex_math_dollars-latex_macros";

/**
 * The title, author and language as plain strings: pandoc reads metadata given as an option
 * literally, where YAML metadata in the document is read as Markdown (with raw HTML and TeX).
 */
function plainMetadata(model: DocumentModel): Record<string, string> {
  const fields = { title: model.title, author: model.author, lang: model.language };
  return Object.fromEntries(Object.entries(fields).filter((field): field is [string, string] => Boolean(field[1]?.trim())));
}

/**
 * pandoc's RTF names no title or author in its \info group, and prints them as a title page that
 * read back would be a chapter: the \info group says what they are (Word shows it as the
 * document's properties, Inkstone's reader leaves the title page out).
 */
function withRtfInfo(rtf: string, model: DocumentModel): string {
  const fields = [model.title && `{\\title ${rtfText(model.title)}}`, model.author && `{\\author ${rtfText(model.author)}}`].filter(Boolean);
  if (fields.length === 0) return rtf;
  const at = rtf.indexOf("\\widowctrl");
  return at < 0 ? rtf : `${rtf.slice(0, at)}{\\info${fields.join("")}}\n${rtf.slice(at)}`;
}

/** The title and author as blocks in the classes Inkstone's HTML reader takes for the title page. */
function djotTitlePage(model: DocumentModel): string {
  // Djot lets any ASCII punctuation be escaped, so each one is: no title is read as markup.
  const escape = (text: string) => text.replace(/\s+/g, " ").trim().replace(/[!-/:-@[-`{-~]/g, "\\$&");
  const title = model.title?.trim() ? `{.inkstone-title}\n# ${escape(model.title)}\n\n` : "";
  const author = model.author?.trim() ? `{.inkstone-author}\n${escape(model.author)}\n\n` : "";
  return title + author;
}

/** Text as RTF: the three special characters escaped, everything past ASCII as \uN with a "?" fallback. */
function rtfText(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const c = text[i]!;
    if (c === "\\" || c === "{" || c === "}") out += `\\${c}`;
    else if (code < 0x20) out += " ";
    else if (code < 0x80) out += c;
    else out += `\\u${code > 0x7fff ? code - 65536 : code}?`;
  }
  return out;
}

/**
 * LaTeX of a book with CJK text loads xeCJK (pandoc's template does, under XeLaTeX, given a CJK
 * font) with Fandol Song, the CJK serif that TeX Live ships (texlive-lang-chinese, where ctex
 * finds it too), named by file so that fontspec finds it in the TeX tree on any machine. Without
 * it, xelatex printed none of a Chinese novel's characters.
 */
function latexCjk(model: DocumentModel): { variables: Record<string, string | string[]> } | undefined {
  const text = [model.title ?? "", ...model.chapters.flatMap((c) => [c.title, c.markdown.slice(0, 5000)])].join("\n");
  if (!hasCjk(text) && !/^(zh|ja|ko)\b/i.test(model.language ?? "")) return undefined;
  return { variables: { CJKmainfont: "FandolSong-Regular.otf", CJKoptions: ["BoldFont=FandolSong-Bold.otf", "ItalicFont=FandolKai-Regular.otf"] } };
}
