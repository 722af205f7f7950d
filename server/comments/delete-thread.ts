import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { AppError } from "../errors";
import { loadThread, mayRemove } from "./threads";

// DELETE /api/v1/books/{bookId}/threads/{threadId} — the whole thread, by whoever opened it or the owner
export async function deleteThread(input: { bookId: string; threadId: string }, principal: Principal): Promise<void> {
  authorize(principal, "comments.deleteThread");
  const { book, thread } = await loadThread(principal, input, "comments.deleteThread");
  if (!mayRemove(principal, book, thread.author)) throw new AppError("not_your_comment", "Only whoever opened a thread or the book's owner deletes it; resolve it instead.");
  await sql.deleteFrom("CommentThread").where("id", "=", thread.id).execute();
}
