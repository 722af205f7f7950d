import { countWords } from "@/server/text/word-count";
import { quotedSpans } from "./dialogue";
import type { Language } from "./report";
import { splitSentences } from "./sentences";

/** Where a quoted stretch of a paragraph stands: its text runs from `start` to `end` (the marks are outside). */
export interface QuoteRange {
  start: number;
  end: number;
}

/**
 * The quoted stretches of a paragraph as found by `quotedSpans` (the one reading of what is
 * speech), with their places. Each span is the text right after an opening mark, so it is looked
 * for after the previous one, at a place an opening mark stands before.
 */
export function quoteRanges(paragraph: string): QuoteRange[] {
  const ranges: QuoteRange[] = [];
  let from = 0;
  for (const span of quotedSpans(paragraph)) {
    let at = paragraph.indexOf(span, from + 1);
    while (at > 0 && !OPENING_MARKS.includes(paragraph[at - 1]!)) at = paragraph.indexOf(span, at + 1);
    if (at <= 0) continue;
    ranges.push({ start: at, end: at + span.length });
    from = at + span.length;
  }
  return ranges;
}

const OPENING_MARKS = "\"“「『‘'";

/** How a paragraph reads, for pacing: see `paragraphKind`. */
export type ParagraphKind = "dialogue" | "action" | "introspection" | "narration";

export interface ReadParagraph {
  kind: ParagraphKind;
  words: number;
  /** Words inside quotation marks. */
  spoken: number;
  quotes: QuoteRange[];
  /**
   * A line of speech with no beat: quoted, with at most a bare tag outside the quotes
   * (`said Anna.`, `林风道：`) — the stuff of talking heads.
   */
  bareLine: boolean;
}

/**
 * The rule, in order:
 * - dialogue: at least half its words inside quotation marks, or a line of speech with at most a
 *   bare tag outside them (`“No,” said Anna.`);
 * - introspection: otherwise, it names a thought or feeling (thought, wondered, felt, remembered…;
 *   想, 觉得, 心里, 回忆…);
 * - action: otherwise, its sentences are short — on average at most 12 words (Chinese: 15
 *   characters), the clipped sentences action is written in;
 * - narration: the rest.
 */
export function readParagraph(paragraph: string, language: Language): ReadParagraph {
  const quotes = quoteRanges(paragraph);
  const words = countWords(paragraph);
  let spoken = 0;
  for (const quote of quotes) spoken += countWords(paragraph.slice(quote.start, quote.end));
  const chinese = language === "zh";
  const bareLine = quotes.length > 0 && words - spoken <= (chinese ? BARE_TAG_HAN : BARE_TAG_WORDS);
  let kind: ParagraphKind;
  if (bareLine || (quotes.length > 0 && spoken * 2 >= words)) kind = "dialogue";
  else if (THOUGHT_EN.test(paragraph) || (chinese && THOUGHT_ZH.test(paragraph))) kind = "introspection";
  else {
    const sentences = splitSentences(paragraph);
    kind = sentences.length > 0 && words / sentences.length <= (chinese ? ACTION_SENTENCE_HAN : ACTION_SENTENCE_WORDS) ? "action" : "narration";
  }
  return { kind, words, spoken, quotes, bareLine };
}

/** Outside the quotes, a bare line has at most a tag: "said Mrs. Bennet" is three words, 孔明笑道 four characters. */
const BARE_TAG_WORDS = 4;
const BARE_TAG_HAN = 6;
const ACTION_SENTENCE_WORDS = 12;
const ACTION_SENTENCE_HAN = 15;
const THOUGHT_EN =
  /\b(?:thought|thinks?|thinking|wonder(?:ed|s|ing)?|felt|feels?|feeling|knew|remember(?:ed|s)?|recall(?:ed|s)?|reali[sz]ed?|imagin(?:ed|es?)|suppos(?:ed|es?)|believ(?:ed|es?)|hoped?|feared?|wish(?:ed|es)?|mind|memory|memories|regrett?(?:ed)?|doubt(?:ed)?)\b/i;
const THOUGHT_ZH = /心想|暗想|想到|想起|想着|寻思|思忖|思量|觉得|感到|感觉|以为|记得|回忆|明白|怀疑|担心|害怕|希望|心中|心里|心头|暗自|暗暗/u;

/** What a tag names: the speaker (one of the cast, or a pronoun), the verb and any adverb. */
export interface SpeechTag {
  /** A cast member's id, or the pronoun written ("he", "她"), or null when no speaker stands in the tag. */
  speaker: string | null;
  verb: string;
  adverb: string | null;
}

/** A speaker's names, the first being the one shown. */
export interface CastMember {
  id: string;
  names: string[];
}

/**
 * Finds a paragraph's dialogue tag: the words just after a closing quote (`” said Elizabeth`,
 * `” Elizabeth said quietly`, `”林风说。`) or just before an opening one (`Elizabeth said, “`,
 * `玄德曰：“`, `孔明笑道：“`). Only a window of a few words on each side is read, so the cost is
 * the paragraph's length whatever it holds. `mentions` finds the cast in a window (see
 * findMentions).
 */
export function findTag(
  paragraph: string,
  quotes: QuoteRange[],
  language: Language,
  mentionsIn: (window: string) => { id: string; start: number; end: number }[],
): SpeechTag | null {
  const chinese = language === "zh";
  for (let index = 0; index < quotes.length; index++) {
    const quote = quotes[index]!;
    const nextStart = quotes[index + 1]?.start ?? paragraph.length + 1;
    const after = paragraph.slice(quote.end + 1, Math.min(nextStart - 1, quote.end + 1 + WINDOW));
    const previousEnd = index === 0 ? 0 : quotes[index - 1]!.end + 1;
    const before = paragraph.slice(Math.max(previousEnd, quote.start - 1 - WINDOW), quote.start - 1);
    // Chinese introduces a speech before it (苏晴问：「…」林风说：『…』 is 苏晴's line first); English
    // mostly tags it after (“I know,” Anna said).
    const tag = chinese ? (chineseTagBefore(before, mentionsIn) ?? chineseTagAfter(after, mentionsIn)) : englishTag(after, "after", mentionsIn);
    if (tag) return tag;
    const tagBefore = chinese ? null : englishTag(before, "before", mentionsIn);
    if (tagBefore) return tagBefore;
  }
  return null;
}

const WINDOW = 60;

export const SPEECH_VERBS_EN = new Set(
  (
    "said says say asked asks replied replies answered answers cried cries exclaimed shouted whispered muttered murmured " +
    "called added continued returned observed remarked repeated began resumed yelled screamed snapped sighed laughed " +
    "demanded inquired enquired told agreed insisted protested suggested explained admitted interrupted retorted " +
    "responded declared urged pleaded begged growled hissed breathed stammered stuttered gasped sobbed wailed groaned " +
    "grumbled mumbled promised warned rejoined concluded persisted ventured corrected teased joked chuckled giggled"
  ).split(" "),
);
const PRONOUNS_EN = new Set("he she i they we you it".split(" "));
const LATIN_WORDS = /[\p{L}][\p{L}'’-]*/gu;

/**
 * English: a speech verb among the first three words after a quote (or the last three before
 * one), the speaker a cast member or pronoun beside it, and an -ly word right after verb or
 * speaker as the adverb. A sentence's end closes the window.
 */
function englishTag(
  window: string,
  side: "after" | "before",
  mentionsIn: (window: string) => { id: string; start: number; end: number }[],
): SpeechTag | null {
  const sentences = splitSentences(window);
  const clipped = (side === "after" ? sentences[0] : sentences.at(-1)) ?? "";
  const words = [...clipped.matchAll(LATIN_WORDS)].map((match) => ({ word: match[0], lower: match[0].toLowerCase(), at: match.index }));
  const candidates = side === "after" ? words.slice(0, 4) : words.slice(-4);
  const verbIndex = candidates.findIndex((word) => SPEECH_VERBS_EN.has(word.lower));
  if (verbIndex === -1) return null;
  const verb = candidates[verbIndex]!;
  const mentions = mentionsIn(clipped);
  const near = mentions.find((mention) => Math.abs(mention.start - verb.at) <= 30);
  let speaker: string | null = near?.id ?? null;
  if (!speaker) {
    const pronoun = candidates.find((word, index) => Math.abs(index - verbIndex) === 1 && PRONOUNS_EN.has(word.lower));
    speaker = pronoun ? pronoun.lower : null;
  }
  // The adverb: an -ly word right after the verb or after the speaker that follows it.
  const verbPosition = words.indexOf(verb);
  const adverb = words.slice(verbPosition + 1, verbPosition + 4).find((word, offset) => /ly$/u.test(word.lower) && word.lower.length > 3 && offset <= 2 && !NOT_ADVERBS.has(word.lower));
  return { speaker, verb: verb.lower, adverb: adverb?.lower ?? null };
}

/** Words ending in -ly that are not adverbs of manner (or are names). */
export const NOT_ADVERBS = new Set(
  (
    "only family early likely lovely friendly holy ugly reply fly july italy belly bully silly jolly lily rely supply apply ally " +
    "daily weekly monthly yearly lonely lively costly deadly elderly kindly orderly curly hilly sly assembly melancholy " +
    "emily molly polly sally kelly billy dolly nelly willy jelly rally folly bodily ghostly manly womanly"
  ).split(" "),
);

/** The verbs of a Chinese tag end in one of these: 曰, 道 (笑道, 大怒曰), 说, 问… */
const SPEECH_END_ZH = /[曰道说问答叫喊嚷吼骂叹]$/u;
const PRONOUNS_ZH = ["他们", "她们", "我们", "他", "她", "我", "你"];

/** Chinese, after a closing quote: `”林风说。`, `”他冷冷地说。` */
function chineseTagAfter(window: string, mentionsIn: (window: string) => { id: string; start: number; end: number }[]): SpeechTag | null {
  const clause = window.split(/[。，！？；,.!?;：:]/u, 1)[0]!.trim();
  if (clause.length === 0) return null;
  const mention = mentionsIn(clause).find((found) => found.start === 0);
  const pronoun = mention ? undefined : PRONOUNS_ZH.find((word) => clause.startsWith(word));
  const speakerEnd = mention?.end ?? pronoun?.length;
  if (speakerEnd === undefined) return null;
  return chineseVerb(clause.slice(speakerEnd), mention?.id ?? pronoun!);
}

/** Chinese, before an opening quote: `玄德曰：`, `孔明笑道：`, `林风冷冷地说：` */
function chineseTagBefore(window: string, mentionsIn: (window: string) => { id: string; start: number; end: number }[]): SpeechTag | null {
  const clause = window.replace(/[\s：:，,]+$/u, "");
  if (clause.length === window.length && window.length > 0 && !/[：:，,]\s*$/u.test(window)) return null;
  const start = Math.max(0, clause.search(/[^。！？；，,.!?;：:]*$/u));
  const tail = clause.slice(start);
  // The first name that a short tag joins to the verb is the subject: 苏晴对林风说 is 苏晴 speaking.
  for (const mention of mentionsIn(tail)) {
    const tag = chineseVerb(tail.slice(mention.end), mention.id);
    if (tag) return tag;
  }
  for (const pronoun of PRONOUNS_ZH) {
    const at = tail.lastIndexOf(pronoun);
    if (at !== -1) {
      const tag = chineseVerb(tail.slice(at + pronoun.length), pronoun);
      if (tag) return tag;
    }
  }
  return null;
}

/** What stands between the speaker and the quote, when it is a short tag ending in a verb of speech. */
function chineseVerb(between: string, speaker: string): SpeechTag | null {
  const text = between.trim();
  if (text.length === 0 || text.length > 6 || !SPEECH_END_ZH.test(text)) return null;
  const adverb = /^(.+地)/u.exec(text)?.[1] ?? null;
  return { speaker, verb: adverb ? text.slice(adverb.length) : text, adverb };
}
