import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sqlTransaction } from "../db";
import { AppError } from "../errors";
import { keepMentions, mentionedIn } from "./mentions";
import type { ThreadDto } from "./schemas";
import { commentOf, loadThread, threadNow } from "./threads";

// PATCH /api/v1/books/{bookId}/threads/{threadId}/comments/{commentId} — only its author rewords a comment
export async function editComment(input: { bookId: string; threadId: string; commentId: string; body: string }, principal: Principal): Promise<ThreadDto> {
  authorize(principal, "comments.edit");
  const { book, thread } = await loadThread(principal, input, "comments.edit");
  const comment = commentOf(thread, input.commentId);
  if (comment.author?.id !== principal.userId) throw new AppError("not_your_comment", "Only its author changes a comment; reply to it instead.");
  const mentions = await mentionedIn(input.body, book);
  await sqlTransaction(async (trx) => {
    const edited = await trx.updateTable("Comment").set({ body: input.body, editedAt: new Date() }).where("id", "=", comment.id).executeTakeFirst();
    if (edited.numUpdatedRows === 0n) throw new AppError("not_found", "This comment was deleted meanwhile.");
    await keepMentions(trx, comment.id, mentions);
  });
  return threadNow(thread.id);
}
