import { dictionaryTags } from "@/server/text/segmenter";
import { findMentions, splitNames, withoutTitles, type Doubt, type NamedThing } from "./mentions";
import type { Worded } from "./note-words";
import { reportNote } from "./notes";
import type { PreparedBook, PreparedChapter } from "./prepared-book";
import { characterParams } from "./probe-specs";
import { isStopWord } from "./terms";
import { isTitle } from "../../text/titles";

interface TrackedCharacter {
  name: string;
  source: "given" | "candidate";
  /** Mentions in each chapter of the range, in order. */
  mentions: number[];
}

/** A name found alone that could be any of several characters (Bennet, with Mr. and Mrs. Bennet followed). */
interface DoubtfulName {
  name: string;
  times: number;
  /** the characters it could be, by their first names */
  could: string[];
  /** the one it was counted for, or null */
  counted: string | null;
}

/**
 * The characters a section follows and their mentions per chapter: the names given (the run's,
 * then the template's; "Elizabeth|Lizzy" or "刘备｜玄德" counts all under the first), or, when none
 * are given, the names the text suggests. `missing` names the given characters never found;
 * `doubtful` the names found that could be several of them, counted for none.
 */
export function trackCharacters(
  book: PreparedBook,
  chapters: PreparedChapter[],
  options: { given: string[]; candidates: boolean; maxCandidates: number; minMentions: number },
): { tracked: TrackedCharacter[]; others: string[]; missing: string[]; doubtful: DoubtfulName[] } {
  const given = dedupe(options.given);
  const proposed = options.candidates ? candidateNames(book, chapters, options.minMentions).slice(0, options.maxCandidates) : [];
  const names = given.length ? given : proposed;
  const { counts, doubtful } = countMentions(book, chapters, names);
  const tracked = names.map((entry, index) => ({
    name: splitNames(entry)[0]!,
    source: given.length ? ("given" as const) : ("candidate" as const),
    mentions: counts[index]!,
  }));
  // A name the text suggests is taken by a given one with a title too: Darcy by Mr. Darcy.
  const taken = new Set(given.flatMap(splitNames).flatMap((name) => [name, withoutTitles(name)]));
  return {
    tracked,
    others: given.length ? proposed.filter((name) => !taken.has(name)) : [],
    missing: given.length ? tracked.filter((character) => character.mentions.every((count) => count === 0)).map((character) => character.name) : [],
    doubtful,
  };
}

/** The note a section gives for characters named but never found, instead of a silent 0. */
export function missingNote(missing: string[], book: PreparedBook, chapters: PreparedChapter[]): Worded[] {
  if (missing.length === 0) return [];
  return [
    chapters.length === book.chapters.length
      ? reportNote("neverFound", { names: missing })
      : reportNote("neverFoundInRange", { from: chapters[0]!.number, to: chapters.at(-1)!.number, names: missing }),
  ];
}

/** The notes a section gives for names it could not give to one character, so its counts are read as they are. */
export function doubtfulNotes(doubtful: DoubtfulName[]): Worded[] {
  return doubtful.map(({ name, times, could, counted }) =>
    counted
      ? reportNote("aloneCounted", { name, times, counted, others: { anyOf: could.filter((character) => character !== counted) } })
      : reportNote("aloneUncounted", { name, times, could: { anyOf: could } }),
  );
}

function dedupe(entries: string[]): string[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = splitNames(entry)[0];
    if (key === undefined || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Mentions of each character in each chapter, all names and aliases found in one pass over each
 * paragraph (see findMentions: leftmost-longest, whole words for Latin names, titles never names,
 * a one-character Chinese name only where the book's segmenter makes it a word). Kept in the
 * book's memo: presence and co-occurrence sections of one template follow the same names.
 */
function countMentions(book: PreparedBook, chapters: PreparedChapter[], entries: string[]): { counts: number[][]; doubtful: DoubtfulName[] } {
  const key = `mentions:${chapters.map((chapter) => chapter.number).join(",")}:${JSON.stringify(entries)}`;
  const known = book.memo.get(key) as ReturnType<typeof countMentions> | undefined;
  if (known) return known;
  const counts = entries.map(() => chapters.map(() => 0));
  const things: NamedThing[] = entries.map((entry, index) => ({ id: String(index), names: splitNames(entry) }));
  // Asked for only where a one-character Chinese name stands, so an English book never loads jieba.
  const segmenter = { words: (text: string) => book.segmenter().words(text) };
  const firstName = (id: string) => things[Number(id)]!.names[0]!;
  // Tallied paragraph by paragraph: a book of one shared surname repeated is not held mention by mention.
  const doubtful = new Map<string, DoubtfulName>();
  for (const [index, chapter] of chapters.entries()) {
    for (const text of chapter.paragraphs) {
      const doubts: Doubt[] = [];
      for (const mention of findMentions(text, things, segmenter, doubts)) counts[Number(mention.id)]![index]!++;
      for (const doubt of doubts) {
        const name = doubtful.get(doubt.name) ?? { name: doubt.name, times: 0, could: doubt.ids.map(firstName), counted: doubt.counted && firstName(doubt.counted) };
        name.times++;
        doubtful.set(doubt.name, name);
      }
    }
  }
  const found = { counts, doubtful: [...doubtful.values()].sort((a, b) => b.times - a.times) };
  book.memo.set(key, found);
  return found;
}

/** Names the text suggests, most mentioned first. */
function candidateNames(book: PreparedBook, chapters: PreparedChapter[], minMentions: number) {
  const key = `candidates:${chapters.map((chapter) => chapter.number).join(",")}:${minMentions}`;
  let found = book.memo.get(key) as string[] | undefined;
  if (!found) {
    const english = englishCandidates(book, chapters, minMentions);
    const chinese = chineseCandidates(book, chapters, minMentions);
    found = [...english, ...chinese].sort((a, b) => b.mentions - a.mentions || (a.name < b.name ? -1 : 1)).map((c) => c.name);
    book.memo.set(key, found);
  }
  return found;
}

const OPENS_CLAUSE = /(?:^|[“"‘'「『(:—–-])\s*$/u;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const WORD_CHARACTER = /[\p{L}\p{N}'’]/u;
const isUpper = (text: string, i: number) => {
  const code = text.charCodeAt(i);
  return (code >= 65 && code <= 90) || (code > 127 && UPPER.test(text[i]!));
};
const isLower = (text: string, i: number) => {
  const code = text.charCodeAt(i);
  return (code >= 97 && code <= 122) || (code > 127 && LOWER.test(text[i]!));
};

/**
 * Calls `visit` with each word standing alone that is one capital and then lower-case letters
 * (Anna, Zoë, Anna's). A scan by char code: the Unicode-property pattern for it cost more than
 * all the rest of name-finding.
 */
function forEachCapitalised(text: string, visit: (word: string, at: number) => void) {
  for (let i = 0; i < text.length; i++) {
    if (!isUpper(text, i) || (i > 0 && WORD_CHARACTER.test(text[i - 1]!)) || !isLower(text, i + 1)) continue;
    let end = i + 2;
    for (;;) {
      while (end < text.length && isLower(text, end)) end++;
      if ((text[end] === "'" || text[end] === "’") && isLower(text, end + 1)) end += 2;
      else break;
    }
    if (end >= text.length || !WORD_CHARACTER.test(text[end]!)) visit(withoutClitic(text.slice(i, end)), i);
    i = end;
  }
}
const LOWER_CASE_WORD = /\p{Ll}+(?:['’]\p{Ll}+)*/gu;

/** A name without what is written onto it: Elizabeth's, Elizabeth'll and Elizabeth’d are Elizabeth. */
function withoutClitic(word: string): string {
  const apostrophe = word.search(/['’]/);
  return apostrophe === -1 ? word : word.slice(0, apostrophe);
}

/**
 * English: words written with a capital where no sentence or quotation begins, and rarely (under a
 * tenth as often) written in lower case — proper nouns, which in a novel are mostly its people
 * and places.
 */
function englishCandidates(book: PreparedBook, chapters: PreparedChapter[], minMentions: number) {
  const inside = new Map<string, number>();
  const capitalised = new Map<string, number>();
  const english: string[] = [];
  for (const chapter of chapters) {
    for (const sentence of chapter.sentences) {
      if (sentence.han * 2 > sentence.words) continue;
      english.push(sentence.text);
      forEachCapitalised(sentence.text, (word, at) => {
        capitalised.set(word, (capitalised.get(word) ?? 0) + 1);
        if (!OPENS_CLAUSE.test(sentence.text.slice(Math.max(0, at - 3), at))) inside.set(word, (inside.get(word) ?? 0) + 1);
      });
    }
  }
  const likely = [...inside.keys()].filter((word) => capitalised.get(word)! >= minMentions && !isStopWord(word.toLowerCase()) && !isTitle(word));
  if (likely.length === 0) return [];
  // Only now count the likely names written in lower case. The book's words (lower-cased, and
  // shared with frequency and echoes) hold every use, so the lower-case ones are those less the
  // capitalised. A Chinese book's words would cost a dictionary pass, so its few English
  // sentences are read again instead.
  const plain = (word: string) => word.toLowerCase().replace(/’/g, "'");
  const lower = new Map(likely.map((word) => [plain(word), 0]));
  if (book.language === "zh") {
    for (const text of english) {
      for (const word of text.match(LOWER_CASE_WORD) ?? []) {
        const count = lower.get(word);
        if (count !== undefined) lower.set(word, count + 1);
      }
    }
  } else {
    const all = [];
    for (const chapter of chapters) all.push(book.tokens(chapter));
    // Every written form of a likely name counts for it: elizabeth and elizabeth's alike.
    const wanted = new Map<number, string>();
    book.vocabulary.words.forEach((word, id) => {
      const base = withoutClitic(word);
      if (lower.has(base)) wanted.set(id, base);
    });
    for (const { ids } of all) {
      for (const id of ids) {
        const word = wanted.get(id);
        if (word !== undefined) lower.set(word, lower.get(word)! + 1);
      }
    }
    for (const word of likely) lower.set(plain(word), lower.get(plain(word))! - capitalised.get(word)!);
  }
  return likely
    .filter((word) => lower.get(plain(word))! * 10 < capitalised.get(word)!)
    .map((name) => ({ name, mentions: capitalised.get(name)! }));
}

// What a character does just after their name (林风说), and what is done to or with them just before (对林风).
const AFTER_NAME = new Set("说道问笑喊叫答想看听走站点摇望叹怒冷皱抬低转回".split(""));
const BEFORE_NAME = new Set("对和跟向被把让给叫见找与同".split(""));
const HAN = /^\p{Script=Han}+$/u;

/**
 * Chinese: two- and three-character sequences seen at least twice where a name stands — before a
 * verb of speech or action, or after a preposition — with no stop-character in them. Of a
 * three-character sequence and the two characters it holds, the one that stands alone as often is
 * kept: 林小风 over 小风 when 小风 is nearly always part of 林小风, 林风 over 着林风.
 */
function chineseCandidates(book: PreparedBook, chapters: PreparedChapter[], minMentions: number) {
  const contexts = new Map<string, number>();
  const texts: string[] = [];
  const note = (candidate: string) => contexts.set(candidate, (contexts.get(candidate) ?? 0) + 1);
  for (const chapter of chapters) {
    if (chapter.han === 0) continue;
    for (const paragraph of chapter.paragraphs) {
      texts.push(paragraph);
      for (let i = 0; i < paragraph.length; i++) {
        const character = paragraph[i]!;
        if (AFTER_NAME.has(character)) {
          if (i >= 2) note(paragraph.slice(i - 2, i));
          if (i >= 3) note(paragraph.slice(i - 3, i));
        }
        if (BEFORE_NAME.has(character)) {
          note(paragraph.slice(i + 1, i + 3));
          note(paragraph.slice(i + 1, i + 4));
        }
      }
    }
  }
  // Only sequences seen twice in a name's place are checked: Han only, no stop-character.
  const counted = new Map<string, number>();
  for (const [candidate, seen] of contexts) {
    if (seen >= 2 && HAN.test(candidate) && ![...candidate].some((character) => isStopWord(character))) counted.set(candidate, 0);
  }
  // Every use, in one pass that looks only where a candidate's first character stands.
  const firsts = new Set([...counted.keys()].map((candidate) => candidate[0]!));
  for (const text of texts) {
    for (let i = 0; i + 2 <= text.length; i++) {
      if (!firsts.has(text[i]!)) continue;
      for (const length of [2, 3]) {
        if (i + length > text.length) break;
        const part = text.slice(i, i + length);
        const count = counted.get(part);
        if (count !== undefined) counted.set(part, count + 1);
      }
    }
  }
  const kept = new Set(counted.keys());
  for (const [long, longCount] of counted) {
    if (long.length !== 3) continue;
    for (const short of [long.slice(1), long.slice(0, 2)]) {
      const shortCount = counted.get(short);
      if (shortCount === undefined) continue;
      if (longCount * 10 >= shortCount * 7) kept.delete(short);
      else kept.delete(long);
    }
  }
  return [...kept]
    .map((name) => ({ name, mentions: counted.get(name)! }))
    .filter((candidate) => candidate.mentions >= minMentions && mayBeChineseName(candidate.name));
}

/**
 * The Chinese cast the whole book proposes, most mentioned first, at the default threshold: what
 * the book's segmenter is taught beside the names given (see PreparedBook.segmenter).
 */
export function proposedChineseCast(book: PreparedBook): string[] {
  let found = book.memo.get("chinese-cast") as string[] | undefined;
  if (!found) {
    const minMentions = characterParams.minMentions.parse(undefined);
    found = chineseCandidates(book, book.chapters, minMentions)
      .sort((a, b) => b.mentions - a.mentions || (a.name < b.name ? -1 : 1))
      .map((candidate) => candidate.name);
    book.memo.set("chinese-cast", found);
  }
  return found;
}

// A place (荆州, 南郡, 许城, 新野县), a troop (蜀兵, 魏军) or a number of people (二人, 三将).
const PLACE_OR_TROOP = /[州郡城县府关寨营兵军]$/u;
const NUMERAL = /^[一二三四五六七八九十百千万两数几众诸]/u;
/** jieba's person-name tags: nr (name), nrfg, nrt (transliterated). */
const PERSON = /^nr/;

/**
 * Whether a Chinese candidate may be a name: not a title (丞相, 先生), place, troop or count of
 * people, and not a word jieba's dictionary knows as anything but a person (荆州 ns, 大喜 n), nor
 * a verb with what it acts on (引兵: 引 v + 兵) or an adverb with its verb (大怒: 大 a + 怒 vg).
 * Names the dictionary does not know (林风, 玄德) come out in pieces and stay.
 */
function mayBeChineseName(candidate: string): boolean {
  if (isTitle(candidate) || PLACE_OR_TROOP.test(candidate) || NUMERAL.test(candidate)) return false;
  const pieces = dictionaryTags(candidate);
  if (pieces.length === 1) return PERSON.test(pieces[0]!.tag);
  const first = pieces[0]!.tag;
  const last = pieces.at(-1)!.tag;
  if (first === "v") return false;
  return !((first === "a" || first === "d") && last.startsWith("v"));
}
