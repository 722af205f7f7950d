import { RE2JS } from "re2js";

/**
 * The heading lines a manuscript is split at, by default (see split-chapters.ts): chapters, parts
 * and a web novel's unnumbered chapters. A module of its own, so that the Markdown splitter
 * (engine/markdown/chapters.ts), which split-chapters.ts uses, can tell parts too. Matched by RE2
 * (re2js): linear in the line.
 */

const NUMBER_WORDS =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred";
export const NUMBER = `(?:\\d{1,5}|[ivxlcdm]{1,8}|[零〇一二三四五六七八九十百千万两]{1,8}|(?:${NUMBER_WORDS})(?:[- ](?:and[- ])?(?:${NUMBER_WORDS})){0,3})`;
// RE2's \s is ASCII only; headings in Chinese texts are often spaced with U+3000.
export const SPACE = "[\\s\\p{Z}]";

/** Whether a line (trimmed, at most a heading's length) is a chapter heading. */
export interface HeadingMatcher {
  test(line: string): boolean;
}

// What may follow a heading's number or name: a separator and a title ("第一章 风起", "Part One: The Storm").
const REST = `(?:${SPACE}*[.:：、—–-]${SPACE}*.*|${SPACE}+.*)?`;

/**
 * A part's heading (issue 35, decision 0488): "Part One", "Book I", "第一卷", "第二部", "卷三",
 * "上卷"; the chapters after it, up to the next part's heading, are the part's.
 */
export const PART_HEADING: HeadingMatcher = RE2JS.compile(
  `^(?:(?:part|book|volume)${SPACE}+${NUMBER}(?:${SPACE}*[.:：—–-]${SPACE}*.*|${SPACE}+.*)?|第${NUMBER}[卷部]${REST}|卷${NUMBER}${REST}|[上中下]卷${REST})$`,
  RE2JS.CASE_INSENSITIVE,
);

/**
 * A web novel's chapters that are not numbered (issue 32 item 6): 楔子, 序章, 引子, 番外 (番外一,
 * 番外2：…), 尾声, 后记, 完本感言 and the like, each a chapter with its own title. Followed by
 * nothing, a number (番外) or a separator and a title: a sentence that begins 后记得… is prose.
 */
const WEB_NOVEL_CHAPTER = `(?:楔子|序章|序幕|序言|引子|前言|终章|尾声|后记|後記|完本感言|完结感言|番外(?:篇|${NUMBER})?)(?:${SPACE}*[:：、.—–-]${SPACE}*.*|${SPACE}+.*)?`;

/** What a heading line is, by default: English and Chinese chapter headings, prologue, epilogue, parts, web-novel chapters. */
export const DEFAULT_HEADING: HeadingMatcher = RE2JS.compile(
  `^(?:(?:chapter|part|book|volume)${SPACE}+${NUMBER}(?:${SPACE}*[.:：—–-]${SPACE}*.*|${SPACE}+.*)?|第${NUMBER}[章回节卷部](?:[\\s\\p{Z}:：、.—–-].*)?|卷${NUMBER}${REST}|[上中下]卷${REST}|${WEB_NOVEL_CHAPTER}|prologue|epilogue)$`,
  RE2JS.CASE_INSENSITIVE,
);
