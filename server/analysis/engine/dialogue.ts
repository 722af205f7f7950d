/**
 * The quoted stretches of a paragraph: "…", “…”, 「…」 (with any 『…』 inside), 『…』 and ‘…’.
 * A quote left open runs to the paragraph's end, as speech that goes on into the next paragraph
 * is written. A ’ followed by a letter is an apostrophe (don’t), not the end of a quote.
 */
export function quotedSpans(paragraph: string): string[] {
  const spans: string[] = [];
  OPENING.lastIndex = 0;
  for (let match = OPENING.exec(paragraph); match; match = OPENING.exec(paragraph)) {
    const open = match.index;
    if (paragraph[open] === "‘" && LETTER.test(paragraph[open - 1] ?? "")) continue;
    const close = closingAfter(paragraph, open);
    spans.push(paragraph.slice(open + 1, close));
    OPENING.lastIndex = close + 1;
  }
  return spans;
}

const OPENING = /["“「『‘]/g;
const CLOSING: Record<string, string> = { '"': '"', "“": "”", "「": "」", "『": "』", "‘": "’" };
const LETTER = /[\p{L}\p{N}]/u;

function closingAfter(paragraph: string, open: number): number {
  const close = CLOSING[paragraph[open]!]!;
  for (let at = paragraph.indexOf(close, open + 1); at !== -1; at = paragraph.indexOf(close, at + 1)) {
    if (close !== "’" || !LETTER.test(paragraph[at + 1] ?? "")) return at;
  }
  return paragraph.length;
}
