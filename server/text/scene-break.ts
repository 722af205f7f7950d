/**
 * A paragraph that is only a scene-break mark: "* * *", "#", "⁂", and what pandoc's writers make
 * of a thematic break in RTF ("—————") and AsciiDoc. Tested on trimmed text: blanks on both sides
 * of a repeated group made the pattern quadratic. The HTML importer and the editor's rich paste
 * read breaks with it.
 */
export const SCENE_BREAK = /^(?:[*#~⁂§•·](?:\s*[*#~⁂§•·]){0,4}|[—–_-]{3,}|['’]{3,})$/;

/** Longer lines are never scene breaks (the longest mark is a few characters): they are not tested at all. */
const LONGEST_BREAK_LINE = 64;

/** A scene-break line of a text: [start, end) of the line, its line end not included. */
export interface BreakLine {
  start: number;
  end: number;
}

/**
 * The lines of a text that are scene breaks (each line is a paragraph, as the editor and the word
 * count read them): one pass over the line ends, and the pattern only ever sees a short trimmed line.
 */
export function sceneBreakLines(text: string): BreakLine[] {
  const lines: BreakLine[] = [];
  for (let start = 0; start <= text.length; ) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    const lineEnd = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end; // "\r\n"
    if (lineEnd - start <= LONGEST_BREAK_LINE && lineEnd > start) {
      const line = text.slice(start, lineEnd).trim();
      if (line !== "" && SCENE_BREAK.test(line)) lines.push({ start, end: lineEnd });
    }
    if (newline === -1) break;
    start = newline + 1;
  }
  return lines;
}
