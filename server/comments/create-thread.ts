import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { assertCan } from "../books/policy";
import { chapterInTrash } from "../chapters/load-chapter";
import { AppError } from "../errors";
import { newId } from "../sql/values";
import { anchorAt, findQuote, type Anchor } from "./anchor";
import { keepMentions, mentionedIn } from "./mentions";
import type { CreateThreadInput, ThreadDto } from "./schemas";
import { threadNow } from "./threads";

// POST /api/v1/books/{bookId}/chapters/{chapterId}/threads — a comment on a stretch of the text
export async function createThread(input: { bookId: string; chapterId: string } & CreateThreadInput, principal: Principal): Promise<ThreadDto> {
  authorize(principal, "comments.create");
  const book = await loadBook(principal, input.bookId, "comments.create");
  const mentions = await mentionedIn(input.body, book);
  const threadId = newId();
  // Placed inside the book's transaction, which every change of the text holds too: the thread is
  // placed in the very text the next change will move it through.
  await bookTransaction(book.id, async (trx) => {
    const chapter = await trx.selectFrom("Chapter").select(["content", "deletedAt", "releasedAt"]).where("id", "=", input.chapterId).where("bookId", "=", book.id).executeTakeFirst();
    if (!chapter) throw new AppError("not_found", "This book has no chapter with this id.");
    if (chapter.deletedAt) throw chapterInTrash(input);
    assertCan(principal, "comment", book, chapter);
    const anchor = place(chapter.content, input);
    const at = new Date();
    await trx
      .insertInto("CommentThread")
      .values({ id: threadId, bookId: book.id, chapterId: input.chapterId, authorId: principal.userId, quote: anchor.quote, prefix: anchor.prefix, suffix: anchor.suffix, anchorStart: anchor.start, anchorEnd: anchor.end, createdAt: at, updatedAt: at })
      .execute();
    const commentId = newId();
    await trx.insertInto("Comment").values({ id: commentId, threadId, authorId: principal.userId, body: input.body, createdAt: at }).execute();
    await keepMentions(trx, commentId, mentions);
  });
  return threadNow(threadId);
}

/**
 * Where the comment goes: [start, end) of the chapter's text, or, when the caller quoted text that
 * is not there (their copy is a moment old, or a reader's view without the writer's notes), the
 * occurrence of the quote nearest `start`.
 */
function place(text: string, input: CreateThreadInput): Anchor {
  const { start, end, quote } = input;
  if (quote === undefined || text.slice(start, end) === quote) {
    if (end > text.length) throw refused("end", `must be at most ${text.length}, the length of the chapter's text`);
    if (text.slice(start, end).trim() === "") throw refused("start", "the stretch holds only blanks: comment on words");
    return anchorAt(text, start, end);
  }
  const found = findQuote(text, { quote, prefix: "", suffix: "" }, start);
  if (!found) throw refused("quote", "is not in the chapter's text (the words may have been changed since)");
  return found;
}

function refused(path: string, message: string): AppError {
  return new AppError("validation_failed", `${path} ${message}.`, [{ path, message }]);
}
