import { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { booleanFilter, defineCollection, pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { sql } from "../db";
import { countOf } from "../sql/count";
import { SUGGESTION_STATES, type SuggestionDto } from "./schemas";
import { suggestionsByIds } from "./suggestions";

export const suggestionsCollection = defineCollection({
  sortable: ["createdAt"] as const,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: {
    chapterId: z.string().min(1).max(64).describe("only this chapter's suggestions"),
    state: z.enum(SUGGESTION_STATES).describe("open, accepted or rejected"),
    stale: booleanFilter.describe("true: only open suggestions whose words are not in the text now"),
  },
});

// GET /api/v1/books/{bookId}/suggestions — the book's suggested edits, newest first; decided ones stay findable
export async function listSuggestions(input: { bookId: string; options: OptionsOf<typeof suggestionsCollection> }, principal: Principal): Promise<Page<SuggestionDto>> {
  authorize(principal, "suggestions.list");
  const book = await loadBook(principal, input.bookId, "suggestions.list");
  const { chapterId, state, stale } = input.options.filters;
  // Suggestions on chapters in the trash wait there with them.
  let matching = sql.selectFrom("Suggestion").innerJoin("Chapter", "Chapter.id", "Suggestion.chapterId").where("Suggestion.bookId", "=", book.id).where("Chapter.deletedAt", "is", null);
  if (chapterId !== undefined) matching = matching.where("Suggestion.chapterId", "=", chapterId);
  if (state !== undefined) matching = matching.where("Suggestion.state", "=", state);
  if (stale !== undefined) {
    matching = stale
      ? matching.where("Suggestion.state", "=", "open").where("Suggestion.anchorStart", "is", null)
      : matching.where((eb) => eb.or([eb("Suggestion.state", "!=", "open"), eb("Suggestion.anchorStart", "is not", null)]));
  }
  const { offset, limit } = pageWindow(input.options);
  const rows = await matching
    .select("Suggestion.id")
    .orderBy(`Suggestion.${input.options.sortBy}`, input.options.order)
    .orderBy("Suggestion.id", input.options.order)
    .offset(offset)
    .limit(limit)
    .execute();
  return pageOf(input.options, await suggestionsByIds(rows.map((row) => row.id)), () => countOf(matching));
}
