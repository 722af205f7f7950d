import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { AppError } from "../errors";
import { commentOf, loadThread, mayRemove } from "./threads";

// DELETE /api/v1/books/{bookId}/threads/{threadId}/comments/{commentId} — a reply, by its author or the owner
export async function deleteComment(input: { bookId: string; threadId: string; commentId: string }, principal: Principal): Promise<void> {
  authorize(principal, "comments.deleteComment");
  const { book, thread } = await loadThread(principal, input, "comments.deleteComment");
  const comment = commentOf(thread, input.commentId);
  if (comment === thread.comments[0]) {
    throw new AppError("validation_failed", "The opening comment is the thread's: delete the thread to remove it.", [{ path: "commentId", message: "is the thread's opening comment" }]);
  }
  if (!mayRemove(principal, book, comment.author)) throw new AppError("not_your_comment", "Only its author or the book's owner deletes a comment.");
  await sql.deleteFrom("Comment").where("id", "=", comment.id).execute();
}
