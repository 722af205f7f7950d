import type { Principal } from "../auth/principal";
import type { Operation } from "../auth/scopes";
import { loadBook, type LoadedBook } from "../books/access";
import { sql } from "../db";
import { AppError } from "../errors";
import { shownName } from "../users/shown-name";
import type { SuggestionDto, SuggestionState } from "./schemas";

const personOf = (id: string | null, name: string | null, email: string | null) => (id ? { id, name: shownName({ name, email }) } : null);

/** Suggestions by id, in the order asked, with their chapters' titles and the people who made and decided them. */
export async function suggestionsByIds(ids: readonly string[]): Promise<SuggestionDto[]> {
  if (ids.length === 0) return [];
  const rows = await sql
    .selectFrom("Suggestion")
    .innerJoin("Chapter", "Chapter.id", "Suggestion.chapterId")
    .leftJoin("User as Author", "Author.id", "Suggestion.authorId")
    .leftJoin("User as Decider", "Decider.id", "Suggestion.decidedById")
    .selectAll("Suggestion")
    .select(["Chapter.title as chapterTitle", "Author.name as authorName", "Author.email as authorEmail", "Decider.name as deciderName", "Decider.email as deciderEmail"])
    .where("Suggestion.id", "in", ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        bookId: row.bookId,
        chapterId: row.chapterId,
        chapterTitle: row.chapterTitle,
        quote: row.quote,
        replacement: row.replacement,
        start: row.anchorStart,
        end: row.anchorEnd,
        stale: row.state === "open" && row.anchorStart === null,
        state: row.state as SuggestionState,
        author: personOf(row.authorId, row.authorName, row.authorEmail),
        decidedBy: personOf(row.decidedById, row.deciderName, row.deciderEmail),
        decidedAt: row.decidedAt?.toISOString() ?? null,
        acceptedVersion: row.acceptedVersion,
        createdAt: row.createdAt.toISOString(),
      },
    ];
  });
}

/** One suggestion as it stands now, for an answer. */
export async function suggestionNow(id: string): Promise<SuggestionDto> {
  const [suggestion] = await suggestionsByIds([id]);
  if (!suggestion) throw new AppError("not_found", "This suggestion was deleted meanwhile (its chapter was deleted for good).");
  return suggestion;
}

/** A suggestion of a book the caller's role allows the operation on; 404 when the book has no such suggestion. */
export async function loadSuggestion(principal: Principal, ids: { bookId: string; suggestionId: string }, operation: Operation): Promise<{ book: LoadedBook; suggestion: SuggestionDto }> {
  const book = await loadBook(principal, ids.bookId, operation);
  const [suggestion] = await suggestionsByIds([ids.suggestionId]);
  if (!suggestion || suggestion.bookId !== book.id) throw new AppError("not_found", "This book has no suggestion with this id.");
  return { book, suggestion };
}
