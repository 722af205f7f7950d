import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { acceptInto, chapterNow, placeNow, reject, suggestionRowColumns, type SuggestionRow } from "./decide";
import type { ChapterDecisionDto } from "./schemas";
import { suggestionsByIds } from "./suggestions";

// PATCH /api/v1/books/{bookId}/chapters/{chapterId}/suggestions — accept or reject every open suggestion of a chapter
export async function decideChapter(input: { bookId: string; chapterId: string; state: "accepted" | "rejected" }, principal: Principal): Promise<ChapterDecisionDto> {
  authorize(principal, "suggestions.decideChapter");
  const book = await loadBook(principal, input.bookId, "suggestions.decideChapter");
  const { version, decided, left } = await bookTransaction(book.id, async (trx) => {
    const chapter = await chapterNow(trx, { bookId: book.id, chapterId: input.chapterId });
    const open = await trx
      .selectFrom("Suggestion")
      .select(suggestionRowColumns)
      .where("chapterId", "=", chapter.id)
      .where("state", "=", "open")
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
    if (input.state === "rejected") {
      await reject(trx, book.id, open, principal);
      return { version: chapter.version, decided: open, left: [] };
    }
    const { chosen, left } = applicableTogether(chapter.content, open);
    if (chosen.length === 0) return { version: chapter.version, decided: [], left };
    return { version: await acceptInto(trx, chapter, chosen, principal), decided: chosen.map((c) => c.suggestion), left };
  });
  const [decidedNow, leftNow] = await Promise.all([suggestionsByIds(decided.map((s) => s.id)), suggestionsByIds(left.map((s) => s.id))]);
  return { chapterId: input.chapterId, version, decided: decidedNow, left: leftNow };
}

/**
 * The open suggestions that go into the text together, oldest first: each whose words are in the
 * text (re-anchored where they moved) and that overlaps none taken before it. The rest stay open,
 * to be decided one by one: two suggestions on the same words cannot both be taken.
 */
export function applicableTogether(text: string, open: readonly SuggestionRow[]) {
  const chosen: { suggestion: SuggestionRow; start: number; end: number }[] = [];
  const left: SuggestionRow[] = [];
  for (const suggestion of open) {
    const place = placeNow(text, suggestion);
    if (!place || chosen.some((c) => place.start < c.end && c.start < place.end)) left.push(suggestion);
    else chosen.push({ suggestion, ...place });
  }
  return { chosen, left };
}
