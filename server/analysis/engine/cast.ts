import { chineseSegmenter, type Segmenter } from "@/server/text/segmenter";
import { trackCharacters } from "./characters";
import { splitNames, type NamedThing } from "./mentions";
import type { PreparedBook, PreparedChapter } from "./prepared-book";
import type { RunParameters } from "./run-parameters";

export interface Cast {
  /** Each character with its names (the first is the one shown); the id is that first name. */
  members: NamedThing[];
  source: "given" | "candidate" | "none";
}

/** How many names a book's text proposes as its cast, and how often each must be seen. */
export const PROPOSED_CAST = { maxCandidates: 20, minMentions: 3 };

/**
 * The characters a report follows: the run's names (`Elizabeth|Lizzy`), or else the names the
 * text suggests (the proposed cast of the character probes), read from the whole book whatever
 * chapters a section looks at, so every section segments Chinese with the same names. Kept in the
 * book's memo.
 */
export function castOf(book: PreparedBook, parameters: RunParameters): Cast {
  const key = `cast:${JSON.stringify(parameters.characters ?? [])}`;
  const known = book.memo.get(key) as Cast | undefined;
  if (known) return known;
  const given = (parameters.characters ?? []).map(splitNames).filter((names) => names.length > 0);
  let cast: Cast;
  if (given.length) cast = { members: given.map((names) => ({ id: names[0]!, names })), source: "given" };
  else {
    const { tracked } = trackCharacters(book, book.chapters, { given: [], candidates: true, ...PROPOSED_CAST });
    cast = { members: tracked.map((character) => ({ id: character.name, names: [character.name] })), source: tracked.length ? "candidate" : "none" };
  }
  book.memo.set(key, cast);
  return cast;
}

/** Every name of the cast, for a segmenter that keeps each one a word. */
export function castSegmenter(cast: Cast): Segmenter {
  return chineseSegmenter(cast.members.flatMap((member) => member.names));
}

/**
 * A Chinese chapter's words (jieba, taught the cast's names), read once per book and shared by
 * the probes that count Chinese words.
 */
export function chineseWords(book: PreparedBook, chapter: PreparedChapter, cast: Cast): string[][] {
  const key = `jieba:${chapter.number}:${cast.members.map((member) => member.names.join("|")).join(",")}`;
  let words = book.memo.get(key) as string[][] | undefined;
  if (!words) {
    const segmenter = castSegmenter(cast);
    words = chapter.sentences.map((sentence) => segmenter.words(sentence.text));
    book.memo.set(key, words);
  }
  return words;
}
