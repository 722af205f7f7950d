// Pure helpers shared by the use cases and the seeding (which must not open the app's database).

const APOSTROPHES = /['’ʼ`´‘]/gu;
/** Accents on Latin letters only: a Japanese kana's voicing mark is part of the letter. */
const LATIN_ACCENTS = /(\p{Script=Latin})\p{M}+/gu;
const PUNCTUATION = /[\p{P}\p{S}]+/gu;

/**
 * Text as library search compares it, on both sides (the stored text and the query): compatibility
 * forms folded (full-width letters and digits become ASCII), accents dropped (Kishōtenketsu ≡
 * kishotenketsu), lower-cased, apostrophes removed (Hero's ≡ heros), every other punctuation mark
 * or symbol a space (save-the-cat ≡ save the cat, 起承转合！≡ 起承转合), spaces collapsed.
 */
export function normaliseForSearch(text: string): string {
  return text
    .normalize("NFKD")
    .replace(LATIN_ACCENTS, "$1")
    .normalize("NFC")
    .toLowerCase()
    .replace(APOSTROPHES, "")
    .replace(PUNCTUATION, " ")
    .replace(/\s+/gu, " ")
    .trim();
}

/** Name, summary and tags, normalised for search, one per line: what search narrows its candidates on. */
export function searchTextOf(template: { name: string; summary: string; tags: readonly string[] }): string {
  return [template.name, template.summary, ...template.tags].map(normaliseForSearch).join("\n");
}

/** Stored tags are lower-cased JSON, so `"tag"` (quotes included) finds a whole tag on both engines. */
export function tagsText(tags: readonly string[]): string {
  return JSON.stringify(tags.map((t) => t.toLowerCase()));
}
