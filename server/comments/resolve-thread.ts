import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import type { ThreadDto } from "./schemas";
import { loadThread, threadNow } from "./threads";

// PATCH /api/v1/books/{bookId}/threads/{threadId} — resolve or reopen; anyone who comments may
export async function resolveThread(input: { bookId: string; threadId: string; resolved: boolean }, principal: Principal): Promise<ThreadDto> {
  authorize(principal, "comments.resolve");
  const { thread } = await loadThread(principal, input, "comments.resolve");
  if (thread.resolved !== input.resolved) {
    const at = new Date();
    await sql
      .updateTable("CommentThread")
      .set(input.resolved ? { resolvedAt: at, resolvedById: principal.userId, updatedAt: at } : { resolvedAt: null, resolvedById: null, updatedAt: at })
      .where("id", "=", thread.id)
      .execute();
  }
  return threadNow(thread.id);
}
