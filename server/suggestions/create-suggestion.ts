import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { assertCan } from "../books/policy";
import { chapterInTrash } from "../chapters/load-chapter";
import { anchorAt, findQuote, type Anchor } from "../comments/anchor";
import { AppError } from "../errors";
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
  // Placed inside the book's transaction, which every change of the text holds too: the suggestion
  // is placed in the very text the next change will move it through.
  await bookTransaction(book.id, async (trx) => {
    const chapter = await trx.selectFrom("Chapter").select(["content", "deletedAt", "releasedAt"]).where("id", "=", input.chapterId).where("bookId", "=", book.id).executeTakeFirst();
    if (!chapter) throw new AppError("not_found", "This book has no chapter with this id.");
    if (chapter.deletedAt) throw chapterInTrash(input);
    assertCan(principal, "suggest", book, chapter);
    const anchor = place(chapter.content, input);
    if (anchor.quote === input.replacement) throw refused("replacement", "is the text as it stands: suggest a change");
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

/**
 * The words the suggestion replaces: [start, end) of the chapter's text, or, when the caller quoted
 * words that are not there (their copy is a moment old, or a reader's view without the writer's
 * notes), the occurrence of the quote nearest `start` — the comments' placing (decision 0492).
 */
function place(text: string, input: CreateSuggestionInput): Anchor {
  const { start, end, quote } = input;
  if (quote === undefined || text.slice(start, end) === quote) {
    if (end > text.length) throw refused("end", `must be at most ${text.length}, the length of the chapter's text`);
    return anchorAt(text, start, end);
  }
  const found = findQuote(text, { quote, prefix: "", suffix: "" }, start);
  if (!found) throw refused("quote", "is not in the chapter's text (the words may have been changed since)");
  return found;
}

function refused(path: string, message: string): AppError {
  return new AppError("validation_failed", `${path} ${message}.`, [{ path, message }]);
}
