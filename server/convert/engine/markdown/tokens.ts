import { decodeHTMLStrict } from "entities";
import { Marked, Tokenizer, type MarkedExtension, type Token, type TokenizerExtension, type Tokens } from "marked";
import markedFootnote from "marked-footnote";
import { storableText } from "../../../text/storable-text";
import { paragraphsByLine } from "./paragraphs";

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

/**
 * How far an inline rule may look ahead. marked's GFM text and autolink rules, and
 * marked-footnote's citation rule, scan the rest of a run of letters (looking for an "@" or a "]")
 * from every token in it: quadratic, 27 s for 100 KB of `*a`. Each sees at most this much of
 * what is left; a text token cut at the window is continued (marked merges adjacent text), and
 * only an autolinked URL or e-mail address longer than this is linked in part.
 */
const INLINE_WINDOW = 256;
const base = new Tokenizer();

/** A Marked instance with footnotes; marked-footnote keeps per-document state, hence one per call. */
export function footnoteMarked(prefixId = "fn-"): Marked {
  const footnotes = markedFootnote({ prefixId, description: "Notes" });
  const windowed: MarkedExtension = {
    ...footnotes,
    extensions: footnotes.extensions?.map((extension) => {
      if (!("level" in extension) || extension.level !== "inline") return extension;
      const inline = extension as TokenizerExtension;
      return { ...inline, tokenizer: function (src, tokens) { return inline.tokenizer.call(this, src.slice(0, INLINE_WINDOW), tokens); } } satisfies TokenizerExtension;
    }),
  };
  return new Marked({ gfm: true })
    .use({
      tokenizer: {
        inlineText(src) {
          return base.inlineText.call(this, src.slice(0, INLINE_WINDOW));
        },
        url(src) {
          return base.url.call(this, src.slice(0, INLINE_WINDOW));
        },
      },
    })
    .use(windowed);
}

/**
 * Deeper nesting than anyone writes: 10,000 `>` overflowed marked's recursion (a 500 from every
 * export of the chapter). Past this depth a line's further `>` and list markers are dropped and
 * its text kept, at the deepest level.
 */
const MAX_NESTING = 32;
// A run of 22,000 `*` either side of a word is emphasis 11,000 deep: seconds, then a stack overflow.
// Such a run is kept as the characters it is (escaped); a line of only `*`, `-` or `_` is a scene break.
// marked reads a list item's lazy continuation lines in time quadratic in their number (6,000
// lines after "1. " took 4.6 s): no block runs longer than this without a blank line.
const MAX_BLOCK_LINES = 200;
const LONG_DELIMITER_RUN = /([*_~])\1{32,}/g;
const THEMATIC_BREAK = /^ {0,3}(?:[-*_][ \t]*)+$/;
const CONTAINER_MARKER = / {0,3}(?:>[ \t]?|[-+*][ \t]+|\d{1,9}[.)][ \t]+)/y;

function withBoundedNesting(markdown: string): string {
  const out: string[] = [];
  let run = 0;
  for (const line of markdown.split("\n")) {
    let depth = 0;
    let kept = 0;
    let end = 0;
    CONTAINER_MARKER.lastIndex = 0;
    while (CONTAINER_MARKER.exec(line)) {
      end = CONTAINER_MARKER.lastIndex;
      if (++depth === MAX_NESTING) kept = end;
    }
    const bounded = depth > MAX_NESTING ? line.slice(0, kept) + line.slice(end) : line;
    run = bounded.trim() === "" ? 0 : run + 1;
    if (run > MAX_BLOCK_LINES) {
      out.push("");
      run = 1;
    }
    out.push(THEMATIC_BREAK.test(bounded) ? bounded : bounded.replace(LONG_DELIMITER_RUN, (text) => text.replace(/./g, "\\$&")));
  }
  return out.join("\n");
}

/**
 * A chapter's stored Markdown as marked tokens, by an instance from footnoteMarked: each line a
 * paragraph (see ./paragraphs.ts), its nesting bounded.
 */
export function lexMarkdown(marked: Marked, markdown: string): Token[] {
  return marked.lexer(withBoundedNesting(paragraphsByLine(markdown)));
}

/** A chapter's Markdown as marked tokens, with its footnotes taken out of the flow. */
export function lexChapter(markdown: string): ChapterTokens {
  const tokens = lexMarkdown(footnoteMarked(), markdown);
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
  let next = footnotes.reduce((max, f) => Math.max(max, f.number), 0) + 1;
  for (const note of footnotes) if (note.number === 0) note.number = next++;
  footnotes.sort((a, b) => a.number - b.number);
  return { blocks, footnotes };
}

/** The plain words of inline tokens, for titles, alt text and PDF outlines. */
/** A GFM table's rows, its header first: each row its cells, each cell its inline tokens. */
export function tableRows(table: Token): Token[][][] {
  const { header, rows } = table as unknown as { header: { tokens: Token[] }[]; rows: { tokens: Token[] }[][] };
  return [header, ...rows].map((row) => row.map((cell) => cell.tokens));
}

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

/**
 * marked leaves text tokens HTML-escaped, and the writer's own character references as typed; the
 * DOCX, ODT, PDF and text writers want the characters. Every HTML5 reference is read, and one
 * that names a character no document can hold (`&#1;`) reads as nothing.
 */
export function decodeEntities(text: string): string {
  return storableText(text.includes("&") ? decodeHTMLStrict(text) : text);
}
