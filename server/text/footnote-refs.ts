/**
 * Footnote citations (`[^label]`, the label without `]` or blanks) found in one pass. The pattern
 * `/\[\^([^\]\s]+)\]/g` read a text of `[^[^[^…` in quadratic time: each `[^` rescanned the run.
 * A run that ends without `]` fails for every `[^` inside it, so the scan resumes after it.
 */
export function* footnoteRefs(text: string): Generator<{ label: string; start: number; end: number }> {
  for (let start = text.indexOf("[^"); start >= 0; ) {
    let close = start + 2;
    while (close < text.length && text[close] !== "]" && !/\s/.test(text[close]!)) close++;
    if (text[close] === "]" && close > start + 2) {
      yield { label: text.slice(start + 2, close), start, end: close + 1 };
      close++;
    }
    start = text.indexOf("[^", close);
  }
}

/** The text with each citation replaced by what `replace` makes of its label and the character after it. */
export function replaceFootnoteRefs(text: string, replace: (label: string, whole: string, next: string) => string): string {
  let out = "";
  let copied = 0;
  for (const ref of footnoteRefs(text)) {
    out += text.slice(copied, ref.start) + replace(ref.label, text.slice(ref.start, ref.end), text[ref.end] ?? "");
    copied = ref.end;
  }
  return out + text.slice(copied);
}
