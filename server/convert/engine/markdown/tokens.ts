import { Marked, type Token, type Tokens } from "marked";
import markedFootnote from "marked-footnote";

export type { Token, Tokens };

export interface Footnote {
  label: string;
  /** 1, 2, … in order of first citation within the chapter */
  number: number;
  tokens: Token[];
}

export interface FootnoteRefToken {
  type: "footnoteRef";
  label: string;
  /** the footnote's number, as a string */
  id: string;
}

export interface ChapterTokens {
  blocks: Token[];
  footnotes: Footnote[];
}

/** A Marked instance with footnotes; marked-footnote keeps per-document state, hence one per call. */
export function footnoteMarked(prefixId = "fn-"): Marked {
  return new Marked({ gfm: true }).use(markedFootnote({ prefixId, description: "Notes" }));
}

/** A chapter's Markdown as marked tokens, with its footnotes taken out of the flow. */
export function lexChapter(markdown: string): ChapterTokens {
  const tokens = footnoteMarked().lexer(markdown);
  const blocks: Token[] = [];
  const footnotes: Footnote[] = [];
  for (const token of tokens) {
    if (token.type === "footnotes") {
      for (const item of (token as unknown as { items: { label: string; refs: FootnoteRefToken[]; content: Token[] }[] }).items) {
        const number = Number(item.refs[0]?.id);
        // A definition nobody cites is still the writer's text: it keeps a number after the cited ones.
        footnotes.push({ label: item.label, number: Number.isFinite(number) ? number : 0, tokens: item.content });
      }
    } else if (token.type !== "footnote") {
      blocks.push(token);
    }
  }
  let next = Math.max(0, ...footnotes.map((f) => f.number)) + 1;
  for (const note of footnotes) if (note.number === 0) note.number = next++;
  footnotes.sort((a, b) => a.number - b.number);
  return { blocks, footnotes };
}

/** The plain words of inline tokens, for titles, alt text and PDF outlines. */
export function plainText(tokens: readonly Token[] | undefined): string {
  if (!tokens) return "";
  return tokens
    .map((token) => {
      if (token.type === "footnoteRef") return "";
      if (token.type === "br") return "\n";
      if ("tokens" in token && token.tokens) return plainText(token.tokens);
      if (token.type === "escape" || token.type === "text" || token.type === "codespan") return decodeEntities(token.text);
      return "text" in token && typeof token.text === "string" ? token.text : "";
    })
    .join("");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: "\u00a0" };

/** marked leaves text tokens HTML-escaped; the DOCX, PDF and text writers want the characters. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}
