/**
 * The quoted stretches of a paragraph: "…", “…”, 「…」 (with any 『…』 inside), 『…』 and ‘…’.
 * A quote left open runs to the paragraph's end, as speech that goes on into the next paragraph
 * is written. A ’ followed by a letter is an apostrophe (don’t), not the end of a quote.
 */
export function quotedSpans(paragraph: string): string[] {
  const spans: string[] = [];
  for (let i = 0; i < paragraph.length; i++) {
    const open = paragraph[i]!;
    const close = CLOSING[open];
    if (!close || (open === "‘" && LETTER.test(paragraph[i - 1] ?? ""))) continue;
    let j = i + 1;
    while (j < paragraph.length && !(paragraph[j] === close && (close !== "’" || !LETTER.test(paragraph[j + 1] ?? "")))) j++;
    spans.push(paragraph.slice(i + 1, j));
    i = j;
  }
  return spans;
}

const CLOSING: Record<string, string> = { '"': '"', "“": "”", "「": "」", "『": "』", "‘": "’" };
const LETTER = /[\p{L}\p{N}]/u;
