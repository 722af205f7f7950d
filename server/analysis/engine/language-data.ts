/**
 * Word lists and the syllable counter, loaded on the first analysis rather than with the module:
 * the template editor imports the probes' parameter schemas into the browser, and should not ship
 * a 200 KB stop-word file it never uses.
 *
 * English stop-words come from stdlib's list (301 function words: pronouns, auxiliaries, "said"),
 * kept as a data file (data/README.md says where from); stopwords-iso's English list also drops
 * "mill", "fire" and "home", which a novel's fingerprint needs. Chinese ones from stopwords-iso,
 * whose list holds the words Intl.Segmenter emits (他们, 什么, 一个) where the `stopword` package's
 * has single characters only.
 */
interface LanguageData {
  stopWords: Set<string>;
  syllables(word: string): number;
}

let loaded: LanguageData | undefined;

export async function loadLanguageData(): Promise<LanguageData> {
  if (loaded) return loaded;
  const [english, iso, { syllable }] = await Promise.all([
    import("./data/stopwords-en.json", { with: { type: "json" } }),
    import("stopwords-iso/stopwords-iso.json", { with: { type: "json" } }),
    import("syllable"),
  ]);
  return (loaded = { stopWords: new Set([...english.default, ...iso.default.zh]), syllables: syllable });
}

/** The data `loadLanguageData` loaded; every analysis loads it before any probe runs. */
export function languageData(): LanguageData {
  if (!loaded) throw new Error("The analysis engine's word lists are not loaded yet");
  return loaded;
}
