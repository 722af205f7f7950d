import { lexChapter, plainText, tableRows, type Token } from "../markdown/tokens";
import { frontMatterPages, sceneBreakMark } from "../compile";
import type { DocumentModel, WriteOptions } from "../model";
import { encodeUtf8 } from "../text";

/**
 * Plain text: title, the copyright and dedication, chapter headings, paragraphs apart, "* * *"
 * (or the mark asked for; a blank break is two more blank lines) for scene breaks, notes as [n].
 */
function modelToText(model: DocumentModel, options: WriteOptions): string {
  const parts: string[] = [];
  if (model.title) parts.push(model.title);
  if (model.author) parts.push(model.author);
  for (const page of frontMatterPages(model)) parts.push(...page.paragraphs.map((lines) => lines.join("\n")));
  const mark = sceneBreakMark(options.sceneBreak, "* * *");
  model.chapters.forEach((chapter, index) => {
    const { blocks, footnotes } = lexChapter(chapter.markdown);
    parts.push(chapter.title.trim() || `Chapter ${index + 1}`);
    const marked = (text: string[]) => text.map((block) => (block === SCENE_BREAK ? mark : block));
    parts.push(...marked(blocksText(blocks)));
    for (const note of footnotes) parts.push(`[${note.number}] ${marked(blocksText(note.tokens)).join("\n\n")}`);
  });
  return `${parts.join("\n\n")}\n`;
}

// Stands for a scene break until the chapter's blocks are joined (a paragraph cannot be a NUL).
const SCENE_BREAK = "\u0000";

function blocksText(blocks: readonly Token[]): string[] {
  const out: string[] = [];
  for (const token of blocks) {
    if (token.type === "space") continue;
    if (token.type === "hr") out.push(SCENE_BREAK);
    else if (token.type === "list") out.push((token.items as Token[]).map((item) => `- ${blocksText((item as { tokens: Token[] }).tokens).join(" ")}`).join("\n"));
    else if (token.type === "blockquote") out.push(...blocksText(token.tokens ?? []));
    else if (token.type === "code") out.push(token.text);
    // A row a line, its cells apart by tabs: a table pasted into a spreadsheet stays one.
    else if (token.type === "table") out.push(tableRows(token).map((row) => row.map(inlineText).join("\t")).join("\n"));
    else if (token.type === "paragraph" || token.type === "heading" || token.type === "text") out.push(inlineText(token.tokens ?? []));
    else if ("text" in token && typeof token.text === "string") out.push(token.text);
  }
  return out;
}

function inlineText(tokens: readonly Token[]): string {
  return tokens.map((t) => (t.type === "footnoteRef" ? `[${(t as unknown as { id: string }).id}]` : "tokens" in t && t.tokens ? inlineText(t.tokens) : plainText([t]))).join("");
}

export function writeText(model: DocumentModel, options: WriteOptions = {}) {
  return { bytes: encodeUtf8(modelToText(model, options)), mediaType: "text/plain; charset=utf-8", extension: "txt" };
}
