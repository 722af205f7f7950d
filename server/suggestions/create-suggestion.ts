import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { placeStretch, refusedStretch } from "../comments/place-stretch";
import { notify } from "../inbox/notify";
import { newId } from "../sql/values";
import type { CreateSuggestionInput, SuggestionDto } from "./schemas";
import { suggestionNow } from "./suggestions";
import { whoToTellOfSuggestion } from "./tell";

// POST /api/v1/books/{bookId}/chapters/{chapterId}/suggestions — propose new words for a stretch of the text
export async function createSuggestion(input: { bookId: string; chapterId: string } & CreateSuggestionInput, principal: Principal): Promise<SuggestionDto> {
  authorize(principal, "suggestions.create");
  const book = await loadBook(principal, input.bookId, "suggestions.create");
  const suggestionId = newId();
  await bookTransaction(book.id, async (trx) => {
    const anchor = await placeStretch(trx, principal, book, "suggest", input);
    if (anchor.quote === input.replacement) throw refusedStretch("replacement", "is the text as it stands: suggest a change");
    await trx
      .insertInto("Suggestion")
      .values({
        id: suggestionId,
        bookId: book.id,
        chapterId: input.chapterId,
        authorId: principal.userId,
        quote: anchor.quote,
        prefix: anchor.prefix,
        suffix: anchor.suffix,
        anchorStart: anchor.start,
        anchorEnd: anchor.end,
        replacement: input.replacement,
        state: "open",
        createdAt: new Date(),
      })
      .execute();
    await notify(trx, whoToTellOfSuggestion({ bookId: book.id, suggestionId, authorId: principal.userId, owner: book.ownerId }));
  });
  return suggestionNow(suggestionId);
}
