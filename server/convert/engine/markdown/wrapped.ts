/**
 * Reading other people's Markdown and plain text into Inkstone's paragraphs (one a line, see
 * ./paragraphs.ts). A text that leaves blank lines between its paragraphs may be hard-wrapped
 * (pandoc's Markdown, Project Gutenberg's text): the lines of one paragraph are joined. A text that
 * hardly ever leaves a blank line (most web-novel TXT, Markdown typed one paragraph a line) already
 * has one paragraph a line. Inkstone's own Markdown export leaves blank lines and never wraps, so
 * it reads back as the same paragraphs.
 */

/** Whether a text's lines are its paragraphs: fewer than one line in ten is blank. */
export function isOneParagraphPerLine(lines: readonly string[]): boolean {
  const blank = lines.filter((l) => l.trim() === "").length;
  return blank < lines.length / 10;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A line that starts a block of its own, or belongs to one, rather than continuing prose. */
const BLOCK_START = /^ {0,3}(?:#{1,6}(?:[ \t]|$)|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|\||<|\[\^[^\]\s]+\]:|\[[^\]]+\]:)/;
const RULE_OR_UNDERLINE = /^ {0,3}(?:(?:[-*_][ \t]*){3,}|=+[ \t]*)$/;
const QUOTE_PREFIX = /^ {0,3}(?:>[ \t]?)+/;

/**
 * Markdown whose paragraphs may be hard-wrapped, with the lines of each plain or quoted paragraph
 * joined by a space. A hard line break (a backslash, or two blanks, at a line's end) stays a line
 * break, written as the backslash Inkstone reads. Lists, tables, headings and code are left as
 * they are.
 */
export function unwrapMarkdown(markdown: string): string {
  const lines = markdown.split(/\r\n?|\n/);
  if (isOneParagraphPerLine(lines)) return lines.join("\n");
  const out: string[] = [];
  let fence: string | null = null;
  let joinable = false; // the last line written is prose that a following line may continue
  let quote = "";
  for (const line of lines) {
    const fenceMatch = FENCE.exec(line);
    if (fence !== null || fenceMatch) {
      if (fence === null) fence = fenceMatch![1]![0]!.repeat(3);
      else if (fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = null;
      out.push(line);
      joinable = false;
      continue;
    }
    const prefix = QUOTE_PREFIX.exec(line)?.[0] ?? "";
    const body = line.slice(prefix.length);
    const prose = body.trim() !== "" && !BLOCK_START.test(body) && !RULE_OR_UNDERLINE.test(body);
    if (joinable && prose && prefix.trim() === quote.trim()) {
      out[out.length - 1] = `${out.at(-1)!.trimEnd()} ${body.trim()}`;
    } else {
      out.push(line);
    }
    quote = prefix;
    joinable = prose;
    // A hard line break ends the joining: it is kept, as a backslash.
    const last = out.at(-1)!;
    if (joinable && trailingBlanks(last) >= 2) {
      out[out.length - 1] = `${last.trimEnd()}\\`;
      joinable = false;
    } else if (joinable && trailingBackslashes(last) % 2 === 1) {
      joinable = false;
    }
  }
  return out.join("\n");
}

function trailingBlanks(line: string): number {
  let count = 0;
  while (count < line.length && (line[line.length - 1 - count] === " " || line[line.length - 1 - count] === "\t")) count++;
  return count;
}

function trailingBackslashes(line: string): number {
  let count = 0;
  while (count < line.length && line[line.length - 1 - count] === "\\") count++;
  return count;
}
