/**
 * Typographer's punctuation from what a keyboard types: "curly" ‘quotes’, dashes — and ellipses…
 * Used twice: as the writer types (the editor's option, one keystroke at a time) and on export
 * (a whole chapter of Markdown, where code, HTML, notes, link targets and Markdown's own marks
 * are left as they are). Both follow Word's AutoFormat: `word--word` and `---` give an em dash,
 * ` -- ` between spaces an en dash.
 *
 * Only ASCII is ever replaced, so Chinese full-width punctuation (“”、——、……、「」) is never
 * touched; dashes and dots typed right beside CJK text stay as typed too (a Chinese ellipsis is
 * two “…”, a Chinese dash two “—”, which one character would get wrong). Straight quotes in
 * Chinese text, where no spaces tell opening from closing, open unless one of their kind is open
 * on the line (decision 0513): after a Han character or full-width punctuation, and after the
 * half-width marks an input method types in half-width mode (`他说:"你好"`), looked through.
 */

import { CJK_OR_FULL_WIDTH, Containers, Fences, indentOf } from "./markdown-lines";

const isCjk = (c: string | undefined) => c !== undefined && CJK_OR_FULL_WIDTH.test(c);
const isSpace = (c: string | undefined) => c === undefined || c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\u00a0" || c === "\u3000";
/** Characters after which a quote opens. */
const OPENERS = new Set(["(", "[", "{", "<", "“", "‘", "—", "–", "-", "/"]);
const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

/** The last character of `before` that is not an emphasis mark: *"Hi"* opens, "*Hi*" closes. */
function lastNonMark(before: string): string | undefined {
  let at = before.length - 1;
  while (at >= 0 && (before[at] === "*" || before[at] === "_")) at--;
  return at >= 0 ? before[at] : undefined;
}

/**
 * Marks looked through to find whether a quote stands in Chinese text: the half-width punctuation
 * a Chinese input method types in its half-width mode (`他说:"你好"`, `"好",`), closing quotes
 * (`“你好”"再见"`) and emphasis marks. A blank is not looked through: `他说: "Hi"` is Latin again.
 */
const LOOKED_THROUGH = new Set([":", ",", ".", ";", "!", "?", "”", "’", "*", "_"]);

/** The last character of `before` that is not one of LOOKED_THROUGH: whether the text there is Chinese. */
function lastSignificant(before: string): string | undefined {
  let at = before.length - 1;
  while (at >= 0 && LOOKED_THROUGH.has(before[at]!)) at--;
  return at >= 0 ? before[at] : undefined;
}

/** How many quotes of each kind are open on the line so far. */
interface OpenQuotes {
  doubles: number;
  singles: number;
}

/**
 * The curly form of a straight quote, from the character before it (emphasis marks looked
 * through), the character after it, the last character that tells Latin from Chinese text
 * (lastSignificant), and the quotes open on the line.
 */
function curlyQuote(mark: '"' | "'", previous: string | undefined, after: string | undefined, significant: string | undefined, open: OpenQuotes): string {
  // Chinese text has no spaces to tell opening from closing (and no apostrophes): a quote opens
  // unless one of its kind is open on the line, so ‘’ nest inside “” as Chinese nests them.
  if (isCjk(significant)) {
    if (mark === '"') return open.doubles > 0 ? "”" : "“";
    return open.singles > 0 ? "’" : "‘";
  }
  const opening = isSpace(previous) || OPENERS.has(previous!) || (mark === "'" && previous === '"') || (mark === '"' && previous === "'");
  if (mark === '"') return opening ? "“" : "”";
  // 'tis, '90s: an apostrophe, not an opening quote.
  return opening && !isDigit(after) ? "‘" : "’";
}

/** How many “ and ‘ are still open at the end of `line`. */
function openQuotesIn(line: string): OpenQuotes {
  const open = { doubles: 0, singles: 0 };
  for (const c of line) countQuote(open, c);
  return open;
}

function countQuote(open: OpenQuotes, c: string): void {
  if (c === "“") open.doubles++;
  else if (c === "”") open.doubles = Math.max(0, open.doubles - 1);
  else if (c === "‘") open.singles++;
  else if (c === "’") open.singles = Math.max(0, open.singles - 1);
}

/**
 * What typing `typed` after `before` (the text on the caret's line) should become: a number of
 * characters before the caret to replace, and the text to put there. Null: type it as it is.
 */
export function smartTyping(before: string, typed: string, after: string | undefined): { replace: number; insert: string } | null {
  // Inside a private note, or typing its opening `<!--`: the note's marks stay as typed.
  const note = before.lastIndexOf("<!--");
  if (before.endsWith("<!-") || (note >= 0 && !before.includes("-->", note))) return null;
  if (typed === '"' || typed === "'") return { replace: 0, insert: curlyQuote(typed, lastNonMark(before), after, lastSignificant(before), openQuotesIn(before)) };
  const last = before[before.length - 1];
  // '90s: the quote was taken for an opening one until the digit came.
  if (isDigit(typed) && last === "‘") return { replace: 1, insert: `’${typed}` };
  if (typed === "." && before.endsWith("..")) {
    const ahead = before[before.length - 3];
    return ahead === "." || isCjk(ahead) ? null : { replace: 2, insert: "…" };
  }
  if (typed === "-" && (last === "-" || last === "–" || last === "—")) {
    const ahead = before[before.length - 2];
    // A line of dashes is a scene break or a list: left as Markdown.
    let start = before.length;
    while (start > 0 && (before[start - 1] === "-" || before[start - 1] === "–")) start--;
    if (!before.slice(0, start).trim() || isCjk(ahead) || isCjk(after)) return null;
    if (last !== "-") return { replace: 1, insert: "—" };
    return { replace: 1, insert: ahead === " " ? "–" : "—" };
  }
  return null;
}

/** One line of prose: quotes, `---`/`--`, `...`, with `skip` ranges (code, tags, link targets) copied as they are. */
function smartenRun(text: string, out: string[], line: Line): void {
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const previous = line.last;
    let piece = c;
    if (c === "\\" && i + 1 < text.length) {
      piece = c + text[++i];
    } else if (c === '"' || c === "'") {
      piece = curlyQuote(c, line.lastNonMark, text[i + 1], line.significant, line.open);
    } else if (c === "." && text[i + 1] === "." && text[i + 2] === "." && !isCjk(previous) && !isCjk(text[i + 3])) {
      piece = "…";
      i += 2;
    } else if (c === "-" && text[i + 1] === "-" && !isCjk(previous)) {
      const triple = text[i + 2] === "-";
      const following = text[i + (triple ? 3 : 2)];
      if (!isCjk(following) && following !== "-") {
        piece = triple || previous !== " " ? "—" : "–";
        i += triple ? 2 : 1;
      }
    }
    out.push(piece);
    passed(line, piece);
  }
}

/** What the quotes need to know of the line so far (kept as characters: indexing a growing string would flatten it each time). */
interface Line {
  last: string | undefined;
  lastNonMark: string | undefined;
  /** the last character not looked through (LOOKED_THROUGH): Chinese text or not */
  significant: string | undefined;
  open: OpenQuotes;
}

function passed(line: Line, text: string): void {
  for (const c of text) {
    line.last = c;
    if (c !== "*" && c !== "_") line.lastNonMark = c;
    if (!LOOKED_THROUGH.has(c)) line.significant = c;
    countQuote(line.open, c);
  }
}

/** A line of only `-`, `*`, `_`, `=`, `|`, `:`, `~`, `` ` `` and blanks: a rule, a setext underline, a table's delimiter row, a fence. */
function isMarkupLine(line: string): boolean {
  let marks = 0;
  for (const c of line) {
    if ("-*_=|:~`".includes(c)) marks++;
    else if (c !== " " && c !== "\t") return false;
  }
  return marks >= 2;
}

/** Backtick runs of a line, each with the index where a run of the same length next starts (or -1). */
function backtickRuns(line: string): Map<number, number> {
  const runs: { at: number; length: number }[] = [];
  for (let i = 0; i < line.length; i++) {
    if (line[i] !== "`") continue;
    let end = i;
    while (line[end] === "`") end++;
    runs.push({ at: i, length: end - i });
    i = end - 1;
  }
  const closing = new Map<number, number>();
  const nextOfLength = new Map<number, number>();
  for (let r = runs.length - 1; r >= 0; r--) {
    const run = runs[r]!;
    closing.set(run.at, nextOfLength.get(run.length) ?? -1);
    nextOfLength.set(run.length, run.at + run.length);
  }
  return closing;
}

/**
 * A chapter's Markdown with typographer's punctuation in its prose. Fenced code (and a deeply
 * indented line in a list item or footnote),
 * inline code, HTML tags and comments (private notes), autolinks, link targets, backslash escapes
 * and lines of Markdown marks stay byte for byte. One pass over the text.
 */
export function smartenMarkdown(markdown: string): string {
  const out: string[] = [];
  const fences = new Fences();
  const containers = new Containers();
  let inComment = false;
  const lines = markdown.split("\n");
  for (let n = 0; n < lines.length; n++) {
    if (n > 0) out.push("\n");
    const text = lines[n]!;
    // A note's lines are prose, never a fence's.
    if (!inComment && fences.next(text) !== null) {
      out.push(text);
      continue;
    }
    if (!inComment) containers.next(text);
    // An indented line is a paragraph (see markdown-lines.ts), except in a list item or footnote,
    // where a deep indent may still be code.
    const code = containers.inside && indentOf(text) >= 8;
    if (!inComment && (code || isMarkupLine(text))) {
      out.push(text);
      continue;
    }
    const closing = backtickRuns(text);
    const line: Line = { last: undefined, lastNonMark: undefined, significant: undefined, open: { doubles: 0, singles: 0 } };
    let from = 0;
    let i = 0;
    let noCloseAngle = false;
    let noCloseParen = false;
    const keep = (end: number) => {
      smartenRun(text.slice(from, i), out, line);
      out.push(text.slice(i, end));
      passed(line, text.slice(i, end));
      from = i = end;
    };
    while (i < text.length) {
      if (inComment) {
        const end = text.indexOf("-->", i);
        out.push(text.slice(i, end < 0 ? text.length : end + 3));
        i = from = end < 0 ? text.length : end + 3;
        inComment = end < 0;
        continue;
      }
      const c = text[i];
      if (c === "\\") {
        i += 2;
      } else if (c === "`") {
        let end = i;
        while (text[end] === "`") end++;
        const close = closing.get(i) ?? -1;
        if (close >= 0) keep(close);
        else i = end;
      } else if (text.startsWith("<!--", i)) {
        smartenRun(text.slice(from, i), out, line);
        from = i;
        inComment = true;
      } else if (c === "<" && !noCloseAngle && /[A-Za-z/!?]/.test(text[i + 1] ?? "")) {
        const end = text.indexOf(">", i);
        if (end < 0) {
          noCloseAngle = true;
          i++;
        } else keep(end + 1);
      } else if (c === "]" && text[i + 1] === "(" && !noCloseParen) {
        const end = text.indexOf(")", i);
        if (end < 0) {
          noCloseParen = true;
          i++;
        } else {
          i++;
          keep(end + 1);
        }
      } else i++;
    }
    smartenRun(text.slice(from), out, line);
  }
  return out.join("");
}

/**
 * Languages whose writers quote “so” and ‘so’, as the typing rules above curl: English, Irish,
 * Welsh, Dutch, Indonesian, Malay, Turkish, Korean and Chinese as written on the mainland
 * (Chinese text typed with ASCII quotes gets “” too; 「」 are never touched). Elsewhere the
 * quotes are others („so“, «so», 「so」), so straight quotes are not curled unless the writer asks.
 */
const ENGLISH_QUOTES = new Set(["en", "ga", "cy", "nl", "id", "ms", "tr", "ko", "zh"]);
/** Chinese as written in Taiwan, Hong Kong and Macao quotes 「so」. */
const CORNER_QUOTES_CHINESE = /^zh-(?:hant|tw|hk|mo)(?:-|$)/i;

/** Whether typing curls quotes when the writer has not chosen: yes where the book's language (BCP 47) quotes “so”. */
export function quotesCurlByDefault(language: string): boolean {
  const primary = language.split("-")[0]!.toLowerCase();
  return ENGLISH_QUOTES.has(primary) && !CORNER_QUOTES_CHINESE.test(language);
}
