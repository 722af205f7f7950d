import { lexChapter, plainText, type Token } from "../markdown/tokens";
import type { DocumentModel } from "../model";
import { encodeUtf8 } from "../text";

/** Plain text: title, chapter headings, paragraphs apart, "* * *" for scene breaks, notes as [n]. */
function modelToText(model: DocumentModel): string {
  const parts: string[] = [];
  if (model.title) parts.push(model.title);
  if (model.author) parts.push(model.author);
  model.chapters.forEach((chapter, index) => {
    const { blocks, footnotes } = lexChapter(chapter.markdown);
    parts.push(chapter.title.trim() || `Chapter ${index + 1}`);
    parts.push(...blocksText(blocks));
    for (const note of footnotes) parts.push(`[${note.number}] ${blocksText(note.tokens).join("\n\n")}`);
  });
  return `${parts.join("\n\n")}\n`;
}

function blocksText(blocks: readonly Token[]): string[] {
  const out: string[] = [];
  for (const token of blocks) {
    if (token.type === "space") continue;
    if (token.type === "hr") out.push("* * *");
    else if (token.type === "list") out.push((token.items as Token[]).map((item) => `- ${blocksText((item as { tokens: Token[] }).tokens).join(" ")}`).join("\n"));
    else if (token.type === "blockquote") out.push(...blocksText(token.tokens ?? []));
    else if (token.type === "code") out.push(token.text);
    else if (token.type === "paragraph" || token.type === "heading" || token.type === "text") out.push(inlineText(token.tokens ?? []));
    else if ("text" in token && typeof token.text === "string") out.push(token.text);
  }
  return out;
}

function inlineText(tokens: readonly Token[]): string {
  return tokens.map((t) => (t.type === "footnoteRef" ? `[${(t as unknown as { id: string }).id}]` : "tokens" in t && t.tokens ? inlineText(t.tokens) : plainText([t]))).join("");
}

export function writeText(model: DocumentModel) {
  return { bytes: encodeUtf8(modelToText(model)), mediaType: "text/plain; charset=utf-8", extension: "txt" };
}
