import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { loadRelation } from "./relations";

// DELETE /api/v1/books/{bookId}/bible/relations/{relationId}
export async function deleteRelation(input: { bookId: string; relationId: string }, principal: Principal): Promise<void> {
  authorize(principal, "bible.deleteRelation");
  const { relation } = await loadRelation(principal, input.bookId, input.relationId, "bible.deleteRelation");
  await sql.deleteFrom("BibleRelation").where("id", "=", relation.id).execute();
}
