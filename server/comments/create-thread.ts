import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { newId } from "../sql/values";
import { notify } from "../inbox/notify";
import { keepMentions, mentionedIn } from "./mentions";
import { whoToTell } from "./tell";
import type { CreateThreadInput, ThreadDto } from "./schemas";
import { placeStretch, refusedStretch } from "./place-stretch";
import { threadNow } from "./threads";

// POST /api/v1/books/{bookId}/chapters/{chapterId}/threads — a comment on a stretch of the text
export async function createThread(input: { bookId: string; chapterId: string } & CreateThreadInput, principal: Principal): Promise<ThreadDto> {
  authorize(principal, "comments.create");
  const book = await loadBook(principal, input.bookId, "comments.create");
  const mentions = await mentionedIn(input.body, book);
  const threadId = newId();
  await bookTransaction(book.id, async (trx) => {
    const anchor = await placeStretch(trx, principal, book, "comment", input);
    if (anchor.quote.trim() === "") throw refusedStretch("start", "the stretch holds only blanks: comment on words");
    const at = new Date();
    await trx
      .insertInto("CommentThread")
      .values({ id: threadId, bookId: book.id, chapterId: input.chapterId, authorId: principal.userId, quote: anchor.quote, prefix: anchor.prefix, suffix: anchor.suffix, anchorStart: anchor.start, anchorEnd: anchor.end, createdAt: at, updatedAt: at })
      .execute();
    const commentId = newId();
    await trx.insertInto("Comment").values({ id: commentId, threadId, authorId: principal.userId, body: input.body, createdAt: at }).execute();
    await keepMentions(trx, commentId, mentions);
    await notify(trx, whoToTell({ bookId: book.id, threadId, commentId, authorId: principal.userId, mentions, owner: book.ownerId }), at);
  });
  return threadNow(threadId);
}
