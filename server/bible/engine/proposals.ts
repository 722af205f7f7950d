import { PROPOSED_CAST } from "../../analysis/engine/cast";
import { trackCharacters } from "../../analysis/engine/characters";
import { prepareBook } from "../../analysis/engine/prepare";
import { nameKey } from "../names";

/** A chapter as the proposal reads it. */
export interface ProposalText {
  id: string;
  title: string;
  content: string;
}

/** A name the text suggests as a character, not yet in the bible, with how often and where it stands. */
export interface ProposedEntry {
  name: string;
  kind: "character";
  mentions: number;
  /** chapters it is found in */
  chapters: number;
}

/**
 * The characters a book's text proposes (the analysis engine's proposed cast, as an analysis run
 * with no names follows: capitalised words inside sentences in English, names before 说/道… or
 * after 对/和… in Chinese; titles, places and troops never), most mentioned first, leaving out
 * every name the bible already has (`taken`: names and aliases, compared as the bible compares
 * them, so "Mr. Darcy" or "DARCY" takes Darcy).
 */
export async function proposeCharacters(chapters: readonly ProposalText[], taken: readonly string[]): Promise<ProposedEntry[]> {
  if (!chapters.some((chapter) => chapter.content.trim())) return [];
  const book = await prepareBook({ title: "", chapters: [...chapters] });
  const known = new Set(taken.map(nameKey));
  const { tracked } = trackCharacters(book, book.chapters, {
    given: [],
    candidates: true,
    minMentions: PROPOSED_CAST.minMentions,
    // Room for the names the bible has, which are then left out.
    maxCandidates: PROPOSED_CAST.maxCandidates + known.size,
  });
  return tracked
    .filter((character) => !known.has(nameKey(character.name)))
    .slice(0, PROPOSED_CAST.maxCandidates)
    .map((character) => ({
      name: character.name,
      kind: "character" as const,
      mentions: character.mentions.reduce((sum, count) => sum + count, 0),
      chapters: character.mentions.filter((count) => count > 0).length,
    }));
}
