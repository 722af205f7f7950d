import { castSegmenter, type Cast } from "./cast";
import { findMentions, titlesOf, type Mention } from "./mentions";
import type { PreparedBook, PreparedChapter } from "./prepared-book";
import { findTag, quoteRanges, readParagraph, type QuoteRange, type SpeechTag } from "./speech";
import { titleGender } from "../../text/titles";

/** A line of speech without a tag. */
export const UNTAGGED = "(no tag)";
/** A tag whose speaker is neither in the cast nor a pronoun: "cried her mother". */
export const UNNAMED = "(unnamed)";

/**
 * How a line of speech came to a cast member: its tag names them; its tag says "she" or "he" and
 * that stands for them; a beat beside the speech names them; or the turns of a two-way exchange.
 */
export type Credit = "tag" | "pronoun" | "beat" | "turn";

/** A paragraph with speech: who speaks it (a cast id, a pronoun, UNNAMED or UNTAGGED), how that was read, and the words spoken. */
export interface LineOfSpeech {
  speaker: string;
  /** how a cast member was found the speaker; null when none was */
  credit: Credit | null;
  spoken: number;
  tag: SpeechTag | null;
}

type Gender = "he" | "she";

/**
 * A chapter's lines of speech, each credited as a reader credits it; kept in the book's memo (per
 * cast), since Compare's speaker series read them again. A reader takes, in order:
 * - the tag: `“No,” said Elizabeth` is Elizabeth's;
 * - a pronoun in the tag (`she said`, `她说`) stands for the one of that gender the paragraph names
 *   outside its quotes, else the one of the last two speakers of that gender, else the last one of
 *   that gender named or heard in the chapter (a cast member's gender: see `gendersOf`);
 * - a beat: a line with no tag whose paragraph names one of the cast outside the quotes
 *   (`Elizabeth smiled. “No.”`) is that one's;
 * - the turns: a line with no tag and no beat, in a run of lines between two speakers, is the
 *   speaker's of the line before the last (A, B, A, B), where either may be someone outside the
 *   cast (`cried his wife`) or a pronoun no one was found for. A sentence or two of narration
 *   between the lines keeps the exchange going (`Mr. Bennet made no answer.`); a longer paragraph
 *   ends it, as it ends the exchange for a reader.
 * A tag naming someone outside the cast keeps that speaker.
 */
export function linesOfSpeech(book: PreparedBook, chapter: PreparedChapter, cast: Cast): LineOfSpeech[] {
  const key = `speech:${chapter.number}:${castKey(cast)}`;
  const known = book.memo.get(key) as LineOfSpeech[] | undefined;
  if (known) return known;
  const mentionsIn = mentionFinder(book, cast);
  const members = new Set(cast.members.map((member) => member.id));
  const genders = gendersOf(book, cast);
  const lines: LineOfSpeech[] = [];
  // Who spoke the last two lines of an unbroken exchange, latest first: a cast id, or a token of
  // its own for a speaker outside the cast or not known.
  let turns: string[] = [];
  // The last cast member of each gender named outside quotes or heard speaking in the chapter.
  const recent = new Map<Gender, string>();
  for (const paragraph of chapter.paragraphs) {
    const read = readParagraph(paragraph, book.language);
    const named = outsideQuotes(mentionsIn(paragraph), read.quotes);
    if (read.quotes.length > 0) {
      const tag = findTag(paragraph, read.quotes, book.language, mentionsIn);
      const line = credited(tag, { members, genders, named, turns, recent });
      lines.push({ ...line, spoken: read.spoken, tag });
      turns = line.speaker === UNTAGGED ? [] : [line.credit ? line.speaker : `\u0000${lines.length}`, ...turns].slice(0, 2);
      if (line.credit) named.push(line.speaker);
    } else if (read.words > EXCHANGE_PAUSE_WORDS) turns = [];
    for (const id of named) {
      const gender = genders.get(id);
      if (gender) recent.set(gender, id);
    }
  }
  book.memo.set(key, lines);
  return lines;
}

interface Context {
  members: Set<string>;
  genders: Map<string, Gender>;
  /** the cast members the paragraph names outside its quotes, in order */
  named: string[];
  turns: string[];
  recent: Map<Gender, string>;
}

function credited(tag: SpeechTag | null, { members, genders, named, turns, recent }: Context): Pick<LineOfSpeech, "speaker" | "credit"> {
  if (tag?.speaker && members.has(tag.speaker)) return { speaker: tag.speaker, credit: "tag" };
  if (tag) {
    const gender = PRONOUN_GENDERS.get(tag.speaker ?? "");
    const standsFor = gender && pronounReferent(gender, genders, named, turns, recent);
    return standsFor ? { speaker: standsFor, credit: "pronoun" } : { speaker: tag.speaker ?? UNNAMED, credit: null };
  }
  const beside = new Set(named);
  if (beside.size === 1) return { speaker: named[0]!, credit: "beat" };
  const [last, beforeLast] = turns;
  if (beside.size === 0 && beforeLast && last !== beforeLast && members.has(beforeLast)) return { speaker: beforeLast, credit: "turn" };
  return { speaker: UNTAGGED, credit: null };
}

function pronounReferent(gender: Gender, genders: Map<string, Gender>, named: string[], turns: string[], recent: Map<Gender, string>): string | undefined {
  const ofGender = (ids: string[]) => [...new Set(ids.filter((id) => genders.get(id) === gender))];
  const here = ofGender(named);
  if (here.length > 0) return here.length === 1 ? here[0] : undefined;
  const speakers = ofGender(turns);
  if (speakers.length === 1) return speakers[0];
  return recent.get(gender);
}

/** Narration longer than this between two lines of speech ends their exchange (a sentence or two keep it). */
const EXCHANGE_PAUSE_WORDS = 40;

const PRONOUN_GENDERS = new Map<string, Gender>([
  ["he", "he"],
  ["she", "she"],
  ["他", "he"],
  ["她", "she"],
]);

/**
 * The mentions that stand outside every quote, by cast id: names inside a quote are spoken to or
 * of. Both lists run in the paragraph's order, so one pass over each (a paragraph of 20,000
 * quotes, each with a name beside it, took seconds checking every name against every quote).
 */
function outsideQuotes(mentions: Mention[], quotes: QuoteRange[]): string[] {
  const outside: string[] = [];
  let next = 0;
  for (const mention of mentions) {
    while (next < quotes.length && quotes[next]!.end <= mention.start) next++;
    const quote = quotes[next];
    if (!quote || quote.start >= mention.end) outside.push(mention.id);
  }
  return outside;
}

function mentionFinder(book: PreparedBook, cast: Cast): (text: string) => Mention[] {
  const segmenter = book.language === "en" ? undefined : castSegmenter(cast);
  return (text) => findMentions(text, cast.members, segmenter);
}

function castKey(cast: Cast): string {
  return cast.members.map((member) => member.names.join("|")).join(",");
}

/**
 * Each cast member's gender as a reader learns it: from a title given with a name (Mr., Lady,
 * 夫人), else from the pronouns of the paragraphs that name them alone outside quotes — she and her
 * at least twice as often as he, him and his, three times or more, make "she" (and the other way
 * round). No gender when neither is clear. Read once per book and cast.
 */
export function gendersOf(book: PreparedBook, cast: Cast): Map<string, Gender> {
  const key = `genders:${castKey(cast)}`;
  const known = book.memo.get(key) as Map<string, Gender> | undefined;
  if (known) return known;
  const mentionsIn = mentionFinder(book, cast);
  const counts = new Map<string, Record<Gender, number>>();
  for (const chapter of book.chapters) {
    for (const paragraph of chapter.paragraphs) {
      const quotes = quoteRanges(paragraph);
      const named = new Set(outsideQuotes(mentionsIn(paragraph), quotes));
      if (named.size !== 1) continue;
      const [id] = [...named] as [string];
      const count = counts.get(id) ?? { he: 0, she: 0 };
      const text = narration(paragraph, quotes);
      for (const [gender, pattern] of PRONOUN_PATTERNS) count[gender] += text.match(pattern)?.length ?? 0;
      counts.set(id, count);
    }
  }
  const genders = new Map<string, Gender>();
  for (const member of cast.members) {
    const titled = member.names.map(genderOfName).find(Boolean);
    const count = counts.get(member.id) ?? { he: 0, she: 0 };
    const read = count.she >= 3 && count.she >= 2 * count.he ? "she" : count.he >= 3 && count.he >= 2 * count.she ? "he" : undefined;
    const gender = titled ?? read;
    if (gender) genders.set(member.id, gender);
  }
  book.memo.set(key, genders);
  return genders;
}

const PRONOUN_PATTERNS: [Gender, RegExp][] = [
  ["he", /\b(?:he|him|his|himself)\b|他/giu],
  ["she", /\b(?:she|her|hers|herself)\b|她/giu],
];

/** The paragraph without its quotes. */
function narration(paragraph: string, quotes: QuoteRange[]): string {
  let text = "";
  let from = 0;
  for (const quote of quotes) {
    text += `${paragraph.slice(from, quote.start)} `;
    from = quote.end;
  }
  return text + paragraph.slice(from);
}

/** The gender the first title given with a name says (Mr. Darcy, Lady Catherine; 林夫人 has no title before the name). */
function genderOfName(name: string): Gender | undefined {
  const [first] = titlesOf(name);
  return first === undefined ? undefined : titleGender(first);
}
