import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import type { ThreadDto } from "./schemas";
import { loadThread } from "./threads";

// GET /api/v1/books/{bookId}/threads/{threadId}
export async function getThread(input: { bookId: string; threadId: string }, principal: Principal): Promise<ThreadDto> {
  authorize(principal, "comments.get");
  return (await loadThread(principal, input, "comments.get")).thread;
}
