import type { Jieba } from "@node-rs/jieba";
import { NameMatcher } from "./name-matcher";

export interface Segmenter {
  /** The text's words in order; joined they give back the text exactly (punctuation and spaces are items too). */
  words(text: string): string[];
}

/**
 * Chinese words from jieba (@node-rs/jieba 2.0.3, its own 349,000-word dictionary, HMM on for
 * words it does not know), taught `userWords` — a book's names, aliases and proposed cast.
 *
 * Taught two ways. The words are loaded into the instance's dictionary, so the text around a
 * name is cut as it would be around any word (孔明 / 笑道). And, because jieba's dictionary holds
 * fragments such as 玄德曰 and 孔明笑 that outweigh any frequency a name could be given, every
 * place a user word stands (leftmost-longest, NameMatcher) is then made exactly one word: a
 * piece that crosses its edge is cut there, pieces inside it are joined.
 *
 * A one-character user word is left out: whether 亮 is a word in 淑质贞亮 is the dictionary's
 * call, and taught at a name's weight it would be one everywhere. Words with no Han character are
 * left out too (jieba splits Latin text at spaces and punctuation whatever it is taught).
 *
 * An instance with its dictionary costs ~130 ms and ~38 MB, so one is kept per distinct word
 * list, the last CACHE_SIZE used.
 */
export function chineseSegmenter(userWords: readonly string[]): Segmenter {
  const words = taughtWords(userWords);
  const key = words.join("\n");
  let found = cache.get(key);
  if (found) cache.delete(key);
  else {
    found = makeSegmenter(words);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, found);
  return found;
}

/** The user words a segmenter is taught: distinct, sorted, more than one character, with a Han character and no space. */
export function taughtWords(userWords: readonly string[]): string[] {
  return [...new Set(userWords.map((word) => word.trim()).filter((word) => [...word].length > 1 && HAN.test(word) && !SPACE.test(word)))].sort();
}

const CACHE_SIZE = 3;
/** A frequency that makes a taught word beat the common words around it (jieba's own top out near 900,000 in 60 M). */
const USER_WORD_FREQUENCY = 100_000;
const HAN = /\p{Script=Han}/u;
const SPACE = /\s/u;
const cache = new Map<string, Segmenter>();

/**
 * How jieba's own dictionary (no HMM guesses, nothing taught) reads a word: one piece with its
 * part of speech (丞相 n, 荆州 ns, 曹操 nr) when the dictionary holds it whole, else its pieces
 * (引兵: 引 v, 兵 n). What a proposed name is checked against.
 */
export function dictionaryTags(word: string): { word: string; tag: string }[] {
  plain ??= newJieba();
  return plain.tag(word, false);
}

let plain: Jieba | undefined;

function makeSegmenter(userWords: string[]): Segmenter {
  const jieba = userWords.length ? newJieba() : (plain ??= newJieba());
  if (userWords.length) jieba.loadDict(Buffer.from(userWords.map((word) => `${word} ${USER_WORD_FREQUENCY}\n`).join("")));
  const matcher = userWords.length ? new NameMatcher(userWords) : undefined;
  return {
    words(text) {
      if (text.length === 0) return [];
      const pieces = jieba.cut(text, true);
      return matcher ? keepWhole(text, pieces, matcher) : pieces;
    },
  };
}

/**
 * Re-cuts `pieces` of `text` so that each place a forced word stands is one piece (shared with the
 * browser's segmenter, server/text/intl-segmenter.ts).
 */
export function keepWhole(text: string, pieces: string[], matcher: NameMatcher): string[] {
  const spans: number[] = [];
  matcher.forEachMatch(text, (_name, start, end) => spans.push(start, end));
  if (spans.length === 0) return pieces;
  const out: string[] = [];
  let span = 0;
  // Everything before `done` is out; a forced word may reach past the piece it starts in.
  let done = 0;
  let end = 0;
  for (const piece of pieces) {
    end += piece.length;
    while (done < end) {
      const start = spans[span];
      if (start === undefined || start >= end) {
        out.push(text.slice(done, end));
        done = end;
      } else if (start > done) {
        out.push(text.slice(done, start));
        done = start;
      } else {
        done = spans[span + 1]!;
        out.push(text.slice(start, done));
        span += 2;
      }
    }
  }
  return out;
}

/**
 * jieba is a native module: loaded at run time, not imported, so the browser bundle that carries
 * the probes' parameter schemas never tries to pack it (only the server and the workers call this).
 */
function newJieba(): Jieba {
  const load = process.getBuiltinModule("node:module").createRequire(import.meta.url);
  const { Jieba: JiebaClass } = load("@node-rs/jieba") as typeof import("@node-rs/jieba");
  const { dict } = load("@node-rs/jieba/dict.js") as typeof import("@node-rs/jieba/dict.js");
  return JiebaClass.withDict(dict);
}
