import { withoutNotes } from "../text/notes";

/**
 * A snapshot chapter's text as readers read it, in paragraphs (decision 0497): the writer's private
 * notes left out, then each run of non-blank lines is one paragraph. The snapshot's text never
 * changes, so a paragraph's index names the same words for as long as the snapshot lives: places and
 * reactions are kept by index. One pass over the lines, no regular expression.
 */
export function paragraphsOf(content: string): string[] {
  const paragraphs: string[] = [];
  let current: string[] = [];
  for (const raw of withoutNotes(content).split("\n")) {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.trim() === "") {
      if (current.length > 0) paragraphs.push(current.join("\n"));
      current = [];
    } else {
      current.push(line);
    }
  }
  if (current.length > 0) paragraphs.push(current.join("\n"));
  return paragraphs;
}

/** A paragraph's opening words, for the owner's view. */
export function excerptOf(paragraph: string | undefined, length = 120): string {
  if (paragraph === undefined) return "";
  return paragraph.length <= length ? paragraph : `${paragraph.slice(0, length - 1)}…`;
}
