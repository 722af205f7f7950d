/**
 * The prose of a chapter's Markdown, as paragraphs of plain text: heading, quote and list marks,
 * emphasis, code marks, links (their text kept), images, HTML and scene-break lines go; nothing
 * is ever rendered or run.
 *
 * Line rules and a few replacements rather than a Markdown parser: @lezer/markdown (already used
 * by the editor) took over 100 ms to parse a 140,000-word book, a third of the time the whole
 * analysis may take, and prose needs only its marks removed.
 */
export function markdownParagraphs(markdown: string): string[] {
  const paragraphs: string[] = [];
  let lines: string[] = [];
  const flush = () => {
    const text = inline(lines.join(" ")).replace(/\s+/g, " ").trim();
    if (text) paragraphs.push(text);
    lines = [];
  };
  for (const raw of markdown.split(/\r\n?|\n/)) {
    if (BLANK_OR_BREAK.test(raw) || FENCE.test(raw) || LINK_DEFINITION.test(raw)) {
      flush();
      continue;
    }
    const line = raw.replace(HEADING, "").replace(QUOTE, "").replace(LIST, "").replace(CLOSING_HASHES, "");
    const heading = HEADING.test(raw);
    if (heading) flush();
    lines.push(line);
    // Chinese text pasted from the web puts one paragraph on each line; a line that ends a
    // Chinese sentence ends its paragraph (hard-wrapped English lines are left joined).
    if (heading || endsChineseSentence(line)) flush();
  }
  flush();
  return paragraphs;
}

// A scene break is a line of only break marks: `***`, `* * *`, `---`, `#`, `~~~`, `§`, `⁂`.
const BLANK_OR_BREAK = /^\s*(?:[-*_~=#§•·⁂※◇◆○●❦✻]\s*)*$/u;
const FENCE = /^\s{0,3}(?:```|~~~)/;
const LINK_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*\S+/;
const HEADING = /^\s{0,3}#{1,6}\s+/;
const CLOSING_HASHES = /\s+#+\s*$/;
const QUOTE = /^\s{0,3}(?:>\s?)+/;
const LIST = /^\s{0,3}(?:[-*+]|\d{1,3}[.)])\s+/;
const CJK_LINE_END = /[\p{Script=Han}。！？…”」』）][。！？…”」』）]*$/u;

/** Whether the line ends in a Han character or Chinese closing punctuation (looking at its tail only). */
function endsChineseSentence(line: string): boolean {
  const tail = line.trimEnd();
  return tail.charCodeAt(tail.length - 1) >= 0x2000 && CJK_LINE_END.test(tail.slice(-8));
}

function inline(text: string): string {
  // Most prose has none of these marks; each replacement runs only when its mark is there.
  if (!MARKS.test(text)) return text;
  let plain = text;
  if (plain.includes("\\")) plain = plain.replace(/\\([\\`*_{}[\]()#+\-.!~>|])/g, (_, mark: string) => ESCAPED + mark.charCodeAt(0) + ";");
  if (plain.includes("<")) {
    plain = plain
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<(?:https?:|mailto:)[^>]*>/g, "")
      .replace(/<\/?[A-Za-z][^>]*>/g, "");
  }
  if (plain.includes("[")) {
    plain = plain
      .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
      .replace(/\[([^\]]+)\]\((?:[^()]|\([^)]*\))*\)/g, "$1")
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, "$1");
  }
  plain = plain.replace(/[*`]+|~~/g, "");
  // Underscores mark emphasis only at a word's edge; snake_case keeps its own.
  if (plain.includes("_")) plain = plain.replace(/(^|[^\p{L}\p{N}])_+|_+(?=$|[^\p{L}\p{N}])/gu, "$1");
  return plain.includes(ESCAPED) ? plain.replace(ESCAPED_MARK, (_, code: string) => String.fromCharCode(Number(code))) : plain;
}

const MARKS = /[\\<[*`~_]/;

// Escaped marks are parked as a private-use character and a code until the marks are gone.
const ESCAPED = "\ue000";
const ESCAPED_MARK = /\ue000(\d+);/g;

