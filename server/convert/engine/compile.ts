import { Fences } from "../../text/markdown-lines";
import { SCENE_BREAKS, type SceneBreak } from "./export-options";
import type { DocumentModel } from "./model";

/**
 * What every writer shares of a book's compile options (issue 19 item 14): the front matter's
 * text as paragraphs of lines, and the scene break's printed mark.
 */

/** The mark a scene break prints as: the one asked for, else the writer's own. */
export function sceneBreakMark(choice: SceneBreak | undefined, own: string): string {
  return choice === undefined ? own : SCENE_BREAKS[choice];
}

/** Plain text the writer gave as paragraphs (split at blank lines) of lines (split at line breaks). */
export function frontMatterParagraphs(text: string | undefined): string[][] {
  if (!text?.trim()) return [];
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.split("\n").map((line) => line.trim()).filter(Boolean))
    .filter((lines) => lines.length > 0);
}

/** The front pages a book has besides its title page, in the order they print. */
export function frontMatterPages(model: DocumentModel): { kind: "copyright" | "dedication"; paragraphs: string[][] }[] {
  const pages = [
    { kind: "copyright" as const, paragraphs: frontMatterParagraphs(model.frontMatter?.copyright) },
    { kind: "dedication" as const, paragraphs: frontMatterParagraphs(model.frontMatter?.dedication) },
  ];
  return pages.filter((page) => page.paragraphs.length > 0);
}

// A thematic break of `*` or `_` (a `-` one could be a setext heading's underline, so it counts
// only after a blank line), outside code fences.
const STAR_BREAK = /^ {0,3}([*_])(?:[ \t]*\1){2,}[ \t]*$/;
const DASH_BREAK = /^ {0,3}-(?:[ \t]*-){2,}[ \t]*$/;

/**
 * Markdown whose scene breaks are paragraphs of the chosen mark, for writers that would print a
 * thematic break as a rule (pandoc's): a blank break is a paragraph of one no-break space.
 */
export function markSceneBreaks(markdown: string, mark: string): string {
  const fences = new Fences();
  const paragraph = mark ? mark.replace(/[*#_\\[\]`<>-]/g, "\\$&") : "\u00a0";
  let previousBlank = true;
  return markdown
    .split("\n")
    .map((line) => {
      const code = fences.next(line) !== null;
      const isBreak = !code && (STAR_BREAK.test(line) || (previousBlank && DASH_BREAK.test(line)));
      previousBlank = line.trim() === "";
      return isBreak ? paragraph : line;
    })
    .join("\n");
}

/**
 * Where the book's parts begin (decision 0488): for each chapter that opens a part, the part's
 * title, by the chapter's index. A part opens where a chapter names a part its previous chapter
 * does not; the chapters after it that name the same part are its own. Writers print a part-title
 * page there (and EPUB a level above the part's chapters in its navigation).
 */
export function partOpenings(chapters: DocumentModel["chapters"]): Map<number, string> {
  const openings = new Map<number, string>();
  chapters.forEach((chapter, index) => {
    const part = chapter.part?.trim();
    if (part && chapter.part !== chapters[index - 1]?.part) openings.set(index, part);
  });
  return openings;
}
