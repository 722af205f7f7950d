import { isStopWord } from "../analysis/engine/terms";
import { titlesOf, withoutTitles } from "../analysis/engine/mentions";

/**
 * A name as two entries must not share it: width and case folded (Ｌｙｒａ, LYRA and Lyra are one
 * name to a reader), a title however it is spelled (Mr. Darcy and Mr Darcy are one). A title
 * keeps names apart: Mr. Bennet and Mrs. Bennet are two people, and Darcy and Mr. Darcy may be
 * two entries too (the matcher then gives "Darcy" alone to the entry that is called that).
 */
export function nameKey(name: string): string {
  const trimmed = name.trim();
  const untitled = withoutTitles(trimmed);
  return [...titlesOf(trimmed, untitled), untitled || trimmed].join(" ").normalize("NFKC").toLocaleLowerCase("en");
}

/** Everything an entry is found by: its name, then its aliases. */
export function namesOf(entry: { name: string; aliases: readonly string[] }): string[] {
  return [entry.name, ...entry.aliases];
}

// Words that are first names too, and so over-match when a character is called by them (the
// stop-word list holds the function words: a, he, will …).
const NAME_LIKE_WORDS = new Set(
  "will may june april august hope grace faith joy rose lily violet iris ivy daisy holly amber ruby pearl dawn summer autumn winter sky river mark bill rob pat sue guy art frank grant chase hunter miles sandy rusty buck jack bob dick page reed wade dean gene earl king prince duke major sterling price young long brown green white black gray grey little love honor sunny heather crystal chance faith destiny".split(" "),
);
// Characters of Chinese prose that stand alone as words (a one-character name made of one of
// them is found wherever the segmenter cuts that word out).
const COMMON_HAN = new Set([..."一二三四五六七八九十百千万人大小上下中天地日月年山水火木金土石风云雨雪花草林心手口目头身子女儿父母王公主老师长生死来去出入有无不是在和与的了着过也就都而又还说道看见听想知问走开门家国城东西南北前后左右高明白红黑青春夏秋冬"]);

/** Whether a name or alias is a word of ordinary prose, so finding it will over-match. */
export function isCommonWord(name: string): boolean {
  const key = name.normalize("NFKC").toLocaleLowerCase("en");
  if ([...key].length === 1) return COMMON_HAN.has(key) || /^[a-z]$/.test(key);
  return NAME_LIKE_WORDS.has(key) || isStopWord(key);
}

/** A name or alias of one Han character (飞, 许): found inside every word that holds it (飞快, 起飞, 也许). */
export function isSingleHanCharacter(name: string): boolean {
  const characters = [...name.trim().normalize("NFKC")];
  return characters.length === 1 && /\p{Script=Han}/u.test(characters[0]!);
}

/**
 * The names and aliases that will be found where they are not meant: one Han character (any, not
 * only a common word: decision 0503), or a common word. Allowed either way; each named once.
 */
export interface NameWarning {
  name: string;
  code: "common_word" | "single_character";
  message: string;
}

export function commonWordWarnings(names: readonly string[]): NameWarning[] {
  return names.flatMap((name): NameWarning[] => {
    if (isSingleHanCharacter(name)) {
      return [
        {
          name,
          code: "single_character",
          message: `"${name}" is a single Chinese character: it is found inside every word that holds it, so most of its mentions will not be this entry. Allowed; prefer a name of two characters or more.`,
        },
      ];
    }
    if (!isCommonWord(name)) return [];
    return [
      {
        name,
        code: "common_word",
        message: `"${name}" is also a common word: it will be found where it is not a name. Allowed; prefer a longer alias where you can.`,
      },
    ];
  });
}
