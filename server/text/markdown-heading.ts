/**
 * Markdown ATX headings ("## Title ##") read by a scanner, not a regular expression: every
 * pattern tried for this backtracked on a line of spaces, quadratically or worse, and these
 * lines come from writers. Chapter splitting, chapter upload and export all read headings here.
 */

interface AtxHeading {
  level: number;
  /** the heading's raw text, without its marks, closing sequence or surrounding blanks */
  text: string;
}

const isBlank = (c: string | undefined) => c === " " || c === "\t";

/** The ATX heading a line is (CommonMark: up to three spaces, 1–6 `#`, a blank or the end), if any. */
export function atxHeading(line: string): AtxHeading | undefined {
  let start = 0;
  while (start < 3 && line[start] === " ") start++;
  let level = 0;
  while (level < 7 && line[start + level] === "#") level++;
  if (level === 0 || level > 6) return undefined;
  start += level;
  if (start < line.length && !isBlank(line[start])) return undefined;
  let end = line.length;
  while (end > start && isBlank(line[end - 1])) end--;
  // A closing run of `#` counts only after a blank (or as the whole text): "# C#" keeps its "#".
  let hashes = end;
  while (hashes > start && line[hashes - 1] === "#") hashes--;
  if (hashes < end && (hashes === start || isBlank(line[hashes - 1]))) end = hashes;
  while (end > start && isBlank(line[end - 1])) end--;
  while (start < end && isBlank(line[start])) start++;
  return { level, text: line.slice(start, end) };
}

/**
 * The heading on a text's first non-blank line, and where the text after that line starts. A
 * chapter's leading heading usually repeats its title.
 */
export function leadingHeading(text: string): (AtxHeading & { end: number }) | undefined {
  let from = 0;
  while (from < text.length) {
    const newline = text.indexOf("\n", from);
    const lineEnd = newline < 0 ? text.length : newline;
    const line = text.slice(from, lineEnd).replace(/\r$/, "");
    if (line.trim() !== "") {
      const heading = atxHeading(line);
      return heading && { ...heading, end: newline < 0 ? text.length : newline + 1 };
    }
    from = lineEnd + 1;
  }
  return undefined;
}

/**
 * The text with every line's ATX heading marks (`# `…`###### `) taken off, as a reader sees it:
 * one anchored pass, each line's start read once, whatever the text holds.
 */
export function withoutHeadingMarks(text: string): string {
  return text.replace(/^#{1,6}[ \t]+/gm, "");
}
