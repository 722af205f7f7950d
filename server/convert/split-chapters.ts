import { AppError } from "../errors";

/**
 * Splitting a plain-text manuscript into chapters at heading lines such as "Chapter 12",
 * "CHAPTER TWELVE: The Storm" or "第十二章 风暴". A caller's own pattern is a template, not a
 * regular expression: literal text, `{n}` for a chapter number (digits, Roman numerals, Chinese
 * numerals or English number words) and `*` for the rest of the line. A template cannot
 * backtrack catastrophically on a 20 MB upload the way an arbitrary regular expression could.
 */

const NUMBER_WORDS =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred";
const NUMBER = `(?:\\d{1,5}|[ivxlcdm]{1,8}|[零〇一二三四五六七八九十百千万两]{1,8}|(?:${NUMBER_WORDS})(?:[- ](?:and[- ])?(?:${NUMBER_WORDS})){0,3})`;

/** What a heading line is, by default: English and Chinese chapter headings, prologue, epilogue. */
export const DEFAULT_HEADING = new RegExp(
  `^(?:(?:chapter|part|book)\\s+${NUMBER}(?:\\s*[.:：—–-]\\s*.*|\\s+.*)?|第${NUMBER}[章回节卷部](?:[\\s:：、.—–-].*)?|prologue|epilogue)$`,
  "iu",
);

/** A heading is a short line; longer ones are prose and are never tested. */
const MAX_HEADING_LENGTH = 120;
export const MAX_PATTERN_LENGTH = 100;

/** Compiles a caller's heading template (see above) into an anchored, case-insensitive pattern. */
export function headingPattern(template: string): RegExp {
  const trimmed = template.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_PATTERN_LENGTH || !/\{n\}|\S/.test(trimmed)) {
    throw new AppError("validation_failed", "The chapter pattern is not usable.", [
      { path: "chapterPattern", message: `1 to ${MAX_PATTERN_LENGTH} characters of text, with {n} for the number and * for the rest of the line` },
    ]);
  }
  const source = trimmed
    .split(/(\{n\}|\*)/)
    .map((piece) => (piece === "{n}" ? NUMBER : piece === "*" ? ".*" : piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+")))
    .join("");
  return new RegExp(`^${source}$`, "iu");
}

export interface SplitChapter {
  title: string;
  markdown: string;
}

/**
 * The chapters of a text: each heading line starts one, titled by that line. Text before the
 * first heading becomes a "Front matter" chapter so that no word is dropped; a text without a
 * single heading is one chapter named `fallbackTitle`.
 */
export function splitAtHeadings(text: string, heading: RegExp, fallbackTitle: string): SplitChapter[] {
  const chapters: SplitChapter[] = [];
  let current: { title: string; lines: string[] } = { title: "", lines: [] };
  const close = () => {
    const markdown = current.lines.join("\n").trim();
    if (current.title || markdown) chapters.push({ title: current.title || "Front matter", markdown });
  };
  for (const line of text.split(/\r\n?|\n/)) {
    const candidate = unescapeMarkdown(line.trim().replace(/^#{1,6}\s+/, ""));
    if (candidate.length > 0 && candidate.length <= MAX_HEADING_LENGTH && heading.test(candidate)) {
      close();
      current = { title: candidate, lines: [] };
    } else {
      current.lines.push(line);
    }
  }
  close();
  if (chapters.length === 1 && chapters[0]!.title === "Front matter") chapters[0]!.title = fallbackTitle;
  return chapters;
}

// A reader that escapes Markdown turns "Chapter 12." into "Chapter 12\.": the heading is the same.
function unescapeMarkdown(line: string): string {
  return line.replace(/\\([\\`*_{}[\]()#+\-.!|~<>])/g, "$1");
}
