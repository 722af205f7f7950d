import { isTitleStop } from "../text/titles";

/** What ends a sentence in English or Chinese prose, or a line. */
const END = /[.!?。！？…\n]/u;
const CLOSERS = /["'”’」』)）\]]/u;
const REACH = 200;

/**
 * The sentence around [start, end): back to the end of the sentence before, on past the closing
 * punctuation (and quotes) of this one, at most 200 characters either side, trimmed. Every walk
 * is bounded: a page of mentions in a chapter of a million closing brackets reads no more of it.
 */
export function sentenceAround(text: string, start: number, end: number): { sentence: string; sentenceStart: number } {
  let from = start;
  while (from > 0 && start - from < REACH && (!END.test(text[from - 1]!) || isTitleStop(text, from - 1))) from--;
  let to = end;
  while (to < text.length && to - end < REACH && (!END.test(text[to]!) || isTitleStop(text, to))) to++;
  while (to < text.length && to - end < REACH && END.test(text[to]!) && text[to] !== "\n") to++;
  while (to < text.length && to - end < REACH && CLOSERS.test(text[to]!)) to++;
  const raw = text.slice(from, to);
  const lead = raw.length - raw.trimStart().length;
  return { sentence: raw.trim(), sentenceStart: from + lead };
}
