import { isTitleStop } from "../../text/titles";

/**
 * The sentence around a hit, for a results list: from the start of its sentence to the end of
 * it, at most CONTEXT characters on each side (cut at a space where one is near, so a word is not
 * halved). Sentences end at . ! ? … and their CJK forms, and at a line break; not at the dot of a
 * title (Mr. Bennet, Dr. Jones, St. Paul's).
 */
export const CONTEXT = 80;

const SENTENCE_END = /[.!?…。！？\n]/;

/** Whether the character at `at` ends a sentence. */
function endsSentence(text: string, at: number): boolean {
  const character = text[at];
  return character !== undefined && SENTENCE_END.test(character) && !isTitleStop(text, at);
}
/** Closing quotes and brackets that belong to the sentence they end. */
const CLOSERS = /["'”’」』）)\]]/;

export function contextOf(text: string, start: number, end: number): { before: string; match: string; after: string } {
  let from = start;
  const floor = Math.max(0, start - CONTEXT);
  while (from > floor && !endsSentence(text, from - 1)) from--;
  // Stopped at the end of the sentence before: its closing quotes, and the space after them, are not this one's.
  if (from > floor) while (from < start && CLOSERS.test(text[from]!)) from++;
  while (from < start && /\s/.test(text[from]!)) from++;
  let to = end;
  const ceiling = Math.min(text.length, end + CONTEXT);
  while (to < ceiling && text[to] !== "\n" && !endsSentence(text, to - 1)) to++;
  while (to < ceiling && CLOSERS.test(text[to]!)) to++;
  let before = text.slice(from, start);
  let after = text.slice(end, to).trimEnd();
  if (from === floor && floor > 0) before = trimToSpace(before, "start");
  if (to === ceiling && ceiling < text.length) after = trimToSpace(after, "end");
  return { before, match: text.slice(start, end), after };
}

/** Cut a clipped context at a space near its clipped end, if there is one within 20 characters. */
function trimToSpace(text: string, side: "start" | "end"): string {
  if (side === "start") {
    const space = text.indexOf(" ");
    return space >= 0 && space < 20 ? text.slice(space + 1) : text;
  }
  const space = text.lastIndexOf(" ");
  return space >= 0 && text.length - space < 20 ? text.slice(0, space) : text;
}
