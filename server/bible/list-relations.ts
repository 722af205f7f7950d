import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBibleBook } from "./entries";
import { relationsOf } from "./relations";
import type { RelationDto } from "./schemas";

// GET /api/v1/books/{bookId}/bible/relations — every relation among the book's entries (the graph)
export async function listRelations(input: { bookId: string }, principal: Principal): Promise<RelationDto[]> {
  authorize(principal, "bible.relations");
  return relationsOf(await loadBibleBook(principal, input.bookId, "bible.relations"));
}
