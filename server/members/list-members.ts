import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { membersOf } from "./members";
import type { MemberDto } from "./schemas";

// GET /api/v1/books/{bookId}/members — who works on the book, with their roles
export async function listMembers(input: { bookId: string }, principal: Principal): Promise<MemberDto[]> {
  authorize(principal, "members.list");
  return membersOf(await loadBook(principal, input.bookId, "members.list"));
}
