/**
 * Reading other people's Markdown and plain text into Inkstone's paragraphs (one a line, see
 * ./paragraphs.ts). Most texts already have one paragraph a line, whether or not they leave blank
 * lines between them (web-novel TXT, Markdown typed in any editor, Inkstone's own exports). Some
 * are hard-wrapped (pandoc's Markdown, Project Gutenberg's text): their paragraphs are blocks
 * between blank lines whose lines all stop short of a column near 70; their lines are joined.
 */

import { Fences, QUOTE_PREFIX } from "../../../text/markdown-lines";

/** No line of a hard-wrapped text is longer: wrapping tools stop at 72 to 80 columns. */
const WRAP_LIMIT = 100;
/** A wrapped line that a longer paragraph goes on from is at least this long. */
const WRAPPED_LINE = 50;

/**
 * Whether a text is hard-wrapped: blank lines between its paragraphs (at least one line in ten),
 * no line longer than a wrapping tool writes, and most lines that a paragraph goes on from about
 * as long as the wrap. Short lines in a row (dialogue, verse, "First.\nSecond.") are paragraphs.
 */
export function isHardWrapped(lines: readonly string[]): boolean {
  let blank = 0;
  let continued = 0;
  let wrapped = 0;
  for (let i = 0; i < lines.length; i++) {
    const length = lines[i]!.trim().length;
    if (length === 0) blank++;
    else if (length > WRAP_LIMIT) return false;
    else if ((lines[i + 1]?.trim().length ?? 0) > 0) {
      continued++;
      if (length >= WRAPPED_LINE) wrapped++;
    }
  }
  return blank >= lines.length / 10 && continued > 0 && wrapped * 2 >= continued;
}

/** A line that starts a block of its own, or belongs to one, rather than continuing prose. */
const BLOCK_START = /^ {0,3}(?:#{1,6}(?:[ \t]|$)|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|\||<|\[\^[^\]\s]+\]:|\[[^\]]+\]:)/;
const RULE_OR_UNDERLINE = /^ {0,3}(?:(?:[-*_][ \t]*){3,}|=+[ \t]*)$/;

/**
 * Markdown whose paragraphs may be hard-wrapped, with the lines of each plain or quoted paragraph
 * joined by a space. A hard line break (a backslash, or two blanks, at a line's end) stays a line
 * break, written as the backslash Inkstone reads. Lists, tables, headings and code are left as
 * they are.
 */
export function unwrapMarkdown(markdown: string): string {
  const lines = markdown.split(/\r\n?|\n/);
  if (!isHardWrapped(lines)) return lines.join("\n");
  const out: string[] = [];
  // The lines of the paragraph being read, joined once it ends: joining each line onto a growing
  // string made one long paragraph cost the square of its length.
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) out.push(paragraph.join(" "));
    paragraph = [];
  };
  const fences = new Fences();
  let joinable = false; // the last line read is prose that a following line may continue
  let quote = "";
  for (const line of lines) {
    if (fences.next(line) !== null) {
      endParagraph();
      out.push(line);
      joinable = false;
      continue;
    }
    const prefix = QUOTE_PREFIX.exec(line)?.[0] ?? "";
    const body = line.slice(prefix.length);
    const prose = body.trim() !== "" && !BLOCK_START.test(body) && !RULE_OR_UNDERLINE.test(body);
    if (joinable && prose && prefix.trim() === quote.trim()) {
      paragraph[paragraph.length - 1] = paragraph.at(-1)!.trimEnd();
      paragraph.push(body.trim());
    } else {
      endParagraph();
      paragraph.push(line);
    }
    quote = prefix;
    joinable = prose && !endsChineseParagraph(body);
    // A hard line break ends the joining: it is kept, as a backslash.
    const last = paragraph.at(-1)!;
    if (joinable && trailingBlanks(line) >= 2) {
      paragraph[paragraph.length - 1] = `${last.trimEnd()}\\`;
      joinable = false;
    } else if (joinable && trailingBackslashes(last) % 2 === 1) {
      joinable = false;
    }
  }
  endParagraph();
  return out.join("\n");
}

/**
 * A line that ends a sentence of Han text (他说：“好。”): Chinese is pasted one paragraph a line, so
 * such a line ends its paragraph even inside a wrapped block. Only after Han text: a wrapped
 * English line ending in a closing quote (“…it is true.”) goes on.
 */
function endsChineseParagraph(line: string): boolean {
  let at = line.length - 1;
  while (at >= 0 && (line[at] === " " || line[at] === "\t")) at--;
  const end = at;
  while (at >= 0 && CHINESE_ENDINGS.includes(line[at]!)) at--;
  return at < end && at >= 0 && HAN.test(line[at]!);
}

const CHINESE_ENDINGS = "。！？…”’」』）》";
const HAN = /\p{Script=Han}/u;

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
