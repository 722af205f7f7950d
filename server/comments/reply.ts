import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sqlTransaction } from "../db";
import { newId } from "../sql/values";
import { keepMentions, mentionedIn } from "./mentions";
import type { ThreadDto } from "./schemas";
import { loadThread, threadNow } from "./threads";

// POST /api/v1/books/{bookId}/threads/{threadId}/comments — a reply; a resolved thread opens again, as in a shared document
export async function replyToThread(input: { bookId: string; threadId: string; body: string }, principal: Principal): Promise<ThreadDto> {
  authorize(principal, "comments.reply");
  const { book, thread } = await loadThread(principal, input, "comments.reply");
  const mentions = await mentionedIn(input.body, book);
  await sqlTransaction(async (trx) => {
    const at = new Date();
    const commentId = newId();
    await trx.insertInto("Comment").values({ id: commentId, threadId: thread.id, authorId: principal.userId, body: input.body, createdAt: at }).execute();
    await keepMentions(trx, commentId, mentions);
    await trx.updateTable("CommentThread").set({ updatedAt: at, resolvedAt: null, resolvedById: null }).where("id", "=", thread.id).execute();
  });
  return threadNow(thread.id);
}
