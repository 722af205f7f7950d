import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sqlTransaction } from "../db";
import { AppError } from "../errors";
import { newId } from "../sql/values";
import { notify } from "../inbox/notify";
import { keepMentions, mentionedIn } from "./mentions";
import { whoToTell } from "./tell";
import type { ThreadDto } from "./schemas";
import { loadThread, threadNow } from "./threads";

// POST /api/v1/books/{bookId}/threads/{threadId}/comments — a reply; a resolved thread opens again, as in a shared document
export async function replyToThread(input: { bookId: string; threadId: string; body: string }, principal: Principal): Promise<ThreadDto> {
  authorize(principal, "comments.reply");
  const { book, thread } = await loadThread(principal, input, "comments.reply");
  const mentions = await mentionedIn(input.body, book);
  await sqlTransaction(async (trx) => {
    const at = new Date();
    // First, so that a thread deleted since it was read refuses the reply rather than break a key.
    const reopened = await trx.updateTable("CommentThread").set({ updatedAt: at, resolvedAt: null, resolvedById: null }).where("id", "=", thread.id).executeTakeFirst();
    if (reopened.numUpdatedRows === 0n) throw new AppError("not_found", "This comment thread was deleted meanwhile; nothing was sent.");
    const commentId = newId();
    await trx.insertInto("Comment").values({ id: commentId, threadId: thread.id, authorId: principal.userId, body: input.body, createdAt: at }).execute();
    await keepMentions(trx, commentId, mentions);
    const earlier = [thread.author?.id ?? null, ...thread.comments.map((c) => c.author?.id ?? null)];
    await notify(trx, whoToTell({ bookId: book.id, threadId: thread.id, commentId, authorId: principal.userId, mentions, earlier }), at);
  });
  return threadNow(thread.id);
}
