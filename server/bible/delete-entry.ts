import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { loadEntry } from "./entries";

/**
 * DELETE /api/v1/books/{bookId}/bible/entries/{entryId} — the entry goes, and with it (by the
 * database's cascades) every relation that names it, its mentions and its picture. It is not
 * asked first: the answer lists nothing to confirm, and docs/api.md says so.
 */
export async function deleteEntry(input: { bookId: string; entryId: string }, principal: Principal): Promise<void> {
  authorize(principal, "bible.deleteEntry");
  const { entry } = await loadEntry(principal, input.bookId, input.entryId, "bible.deleteEntry");
  await sql.deleteFrom("BibleEntry").where("id", "=", entry.id).execute();
}
