import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction } from "../books/access";
import { AppError } from "../errors";
import { acceptInto, alreadyDecided, chapterNow, placeNow, reject, staleSuggestion, suggestionRowColumns } from "./decide";
import type { SuggestionDto } from "./schemas";
import { loadSuggestion, suggestionNow } from "./suggestions";

// PATCH /api/v1/books/{bookId}/suggestions/{suggestionId} — accept into the text, or reject
export async function decideSuggestion(input: { bookId: string; suggestionId: string; state: "accepted" | "rejected" }, principal: Principal): Promise<SuggestionDto> {
  authorize(principal, "suggestions.decide");
  const { book } = await loadSuggestion(principal, input, "suggestions.decide");
  await bookTransaction(book.id, async (trx) => {
    // Read again inside the transaction: another tab may have decided it, or the text moved it, since.
    const suggestion = await trx.selectFrom("Suggestion").select(suggestionRowColumns).where("id", "=", input.suggestionId).executeTakeFirst();
    if (!suggestion) throw new AppError("not_found", "This suggestion was deleted meanwhile (its chapter was deleted for good).");
    if (suggestion.state !== "open") throw alreadyDecided(suggestion);
    const chapter = await chapterNow(trx, { bookId: book.id, chapterId: suggestion.chapterId });
    if (input.state === "rejected") return reject(trx, book.id, [suggestion], principal);
    const place = placeNow(chapter.content, suggestion);
    if (!place) throw staleSuggestion(suggestion);
    await acceptInto(trx, chapter, [{ suggestion, ...place }], principal);
  });
  return suggestionNow(input.suggestionId);
}
