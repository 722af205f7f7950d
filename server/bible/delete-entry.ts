import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { assertPrecondition, changedSince, validatorsOf, type Precondition } from "../preconditions";
import { entryDto, loadEntry } from "./entries";

/**
 * DELETE /api/v1/books/{bookId}/bible/entries/{entryId} — the entry goes, and with it (by the
 * database's cascades) every relation that names it, its mentions and its picture. It is not
 * asked first: the answer lists nothing to confirm, and docs/api.md says so. With a precondition
 * (REST's If-Match or If-Unmodified-Since), the entry must be as the caller read it, checked with
 * the delete: 412 otherwise.
 */
export async function deleteEntry(input: { bookId: string; entryId: string; precondition?: Precondition }, principal: Principal): Promise<void> {
  authorize(principal, "bible.deleteEntry");
  const { book, entry } = await loadEntry(principal, input.bookId, input.entryId, "bible.deleteEntry");
  const { precondition } = input;
  await assertPrecondition(precondition, async () => validatorsOf(await entryDto(book.id, entry)));
  const deleted = await sql
    .deleteFrom("BibleEntry")
    .where("id", "=", entry.id)
    .$if(precondition !== undefined, (query) => query.where("updatedAt", "=", entry.updatedAt))
    .executeTakeFirst();
  if (precondition && deleted.numDeletedRows === 0n) throw changedSince();
}
