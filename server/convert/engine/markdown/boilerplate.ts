import type { Chapter, DocumentModel } from "../model";

/**
 * Project Gutenberg wraps every book, in every format it gives (text, HTML, EPUB), between a line
 * that starts it and one that ends it: "*** START OF THE PROJECT GUTENBERG EBOOK PRIDE AND
 * PREJUDICE ***" (THIS in older files) and "*** END OF …", which older files precede with "End of
 * the Project Gutenberg EBook of …". Before the start stand its header and a machine-read block
 * (Title:, Author:); after the end, its licence, some 3,000 words. Matched on a line as plain text,
 * without the escapes and emphasis a reader put in, anchored and with no backtracking; the three
 * asterisks are part of the mark, so a sentence that names Project Gutenberg is never one.
 */
const START = /^\*{3}\s*START OF (?:THE |THIS )?PROJECT GUTENBERG E-?BOOK\b/i;
const END = /^\*{3}\s*END OF (?:THE |THIS )?PROJECT GUTENBERG E-?BOOK\b/i;
const END_LINE = /^End of (?:the )?Project Gutenberg\b/i;
const FIELD = /^(Title|Author)\s*:\s*(\S.*)$/i;

type Place = { chapter: number; line: number };

/** A line without Markdown's escapes, and without its emphasis where a mark is not asked for. */
function plain(line: string, keepAsterisks = false): string {
  const text = line.replace(/\\(.)/g, "$1").trim();
  return keepAsterisks ? text : text.replace(/[*_]/g, "");
}

function find(lines: string[][], marker: RegExp, from: Place = { chapter: 0, line: 0 }): Place | undefined {
  for (let chapter = from.chapter; chapter < lines.length; chapter++) {
    const start = chapter === from.chapter ? from.line : 0;
    const line = lines[chapter]!.findIndex((text, index) => index >= start && marker.test(plain(text, true)));
    if (line >= 0) return { chapter, line };
  }
  return undefined;
}

/** Where the book ends before the end mark: before an older file's "End of the Project Gutenberg EBook of …" just above it. */
function endOfBook(lines: string[], mark: number): number {
  let above = mark - 1;
  while (above >= 0 && lines[above]!.trim() === "") above--;
  return above >= 0 && END_LINE.test(plain(lines[above]!)) ? above : mark;
}

/** The header's own title and author (its "Title:" and "Author:" lines), where it has them. */
function headerFields(lines: string[][], start: Place): Pick<DocumentModel, "title" | "author"> {
  const header = [...lines.slice(0, start.chapter).flat(), ...lines[start.chapter]!.slice(0, start.line)];
  const fields: Pick<DocumentModel, "title" | "author"> = {};
  for (const line of header) {
    const match = FIELD.exec(plain(line));
    const name = match?.[1]!.toLowerCase() as "title" | "author" | undefined;
    if (name && !fields[name]) fields[name] = match![2]!.trim();
  }
  return fields;
}

/**
 * The book without Project Gutenberg's header and licence (issue 33 item 2): the chapters before
 * the start line go, and the chapter that holds it keeps only what follows it, without its heading
 * (the header's); from the end line on, the rest goes. The header's title and author become the
 * book's, over the <title> of its HTML ("The Project Gutenberg eBook of …"). A document without
 * the lines is left as it is.
 */
export function withoutBoilerplate(model: DocumentModel): DocumentModel {
  const lines = model.chapters.map((chapter) => chapter.markdown.split("\n"));
  const start = find(lines, START);
  const end = find(lines, END, start && { chapter: start.chapter, line: start.line + 1 });
  if (!start && !end) return model;
  const chapters: Chapter[] = [];
  model.chapters.forEach((chapter, index) => {
    if ((start && index < start.chapter) || (end && index > end.chapter)) return;
    const from = start && index === start.chapter ? start.line + 1 : 0;
    const to = end && index === end.chapter ? endOfBook(lines[index]!, end.line) : undefined;
    chapters.push({ ...chapter, title: from > 0 ? "" : chapter.title, markdown: lines[index]!.slice(from, to).join("\n").trim() });
  });
  const kept = chapters.filter((chapter) => chapter.title || chapter.markdown);
  return { ...model, ...(start && headerFields(lines, start)), chapters: kept };
}
