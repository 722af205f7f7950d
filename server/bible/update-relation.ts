import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { loadRelation, relationsOf } from "./relations";
import type { RelationDto } from "./schemas";

// PATCH /api/v1/books/{bookId}/bible/relations/{relationId} — a new label
export async function updateRelation(input: { bookId: string; relationId: string; label: string }, principal: Principal): Promise<RelationDto> {
  authorize(principal, "bible.updateRelation");
  const { book, relation } = await loadRelation(principal, input.bookId, input.relationId, "bible.updateRelation");
  await sql.updateTable("BibleRelation").set({ label: input.label }).where("id", "=", relation.id).execute();
  return (await relationsOf(book, relation.id))[0]!;
}
