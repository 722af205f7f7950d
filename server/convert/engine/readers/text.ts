import { DEFAULT_HEADING, headingPattern, splitAtHeadings } from "../../split-chapters";
import { isHardWrapped } from "../markdown/wrapped";
import type { DocumentModel, ReadOptions } from "../model";
import { decodeManuscript } from "../encoding";

const SCENE_BREAK = /^\s*(?:[*#~⁂§•·-]\s*){3,5}$|^\s*[#⁂]\s*$/;

/** A line of prose as Markdown that means exactly that line: no accidental emphasis or lists. */
function escapeLine(line: string): string {
  return line
    .replace(/([\\`*_[\]<])/g, "\\$1")
    .replace(/^(\s*)([#>+-])/, "$1\\$2")
    .replace(/^(\s*\d+)([.)])/, "$1\\$2");
}

/**
 * Plain text: chapters at heading lines ("Chapter 12", "CHAPTER XII", "第十二章", or the caller's
 * template). Paragraphs are one a line, or, in a hard-wrapped text, blank-line separated blocks
 * whose lines are joined (see ../markdown/wrapped.ts).
 */
export function readText(bytes: Uint8Array, options: ReadOptions = {}): DocumentModel {
  const text = decodeManuscript(bytes).text;
  const lines = text.split(/\r\n?|\n/);
  const onePerLine = !isHardWrapped(lines);
  const heading = options.chapterPattern ? headingPattern(options.chapterPattern) : DEFAULT_HEADING;
  const chapters = splitAtHeadings(text, heading, "", { standalone: !onePerLine, frontMatter: "" }).map((chapter) => ({ ...chapter, markdown: toMarkdown(chapter.markdown, onePerLine) }));
  const untitled = chapters.length === 1 && !chapters[0]!.title;
  return { chapters: untitled ? chapters : chapters.filter((c) => c.title || c.markdown) };
}

function toMarkdown(text: string, onePerLine: boolean): string {
  const paragraphs: string[] = [];
  let current: string[] = [];
  const close = () => {
    // A hard-wrapped paragraph's lines are one paragraph: Inkstone ends a paragraph at each line.
    if (current.length > 0) paragraphs.push(current.join(" "));
    current = [];
  };
  for (const raw of text.split(/\r\n?|\n/)) {
    const line = raw.trim();
    if (line === "") close();
    else if (SCENE_BREAK.test(line)) {
      close();
      paragraphs.push("***");
    } else {
      current.push(escapeLine(line));
      if (onePerLine) close();
    }
  }
  close();
  return paragraphs.join("\n\n");
}
