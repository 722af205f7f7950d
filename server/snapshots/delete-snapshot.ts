import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { AppError } from "../errors";

// DELETE /api/v1/books/{bookId}/snapshots/{snapshotId} — the owner deletes a snapshot. Its
// chapters' revisions are then thinned as any others are, and a chapter in the trash it alone held
// is purged at the trash's next sweep; revisions restored from it keep its id, which names nothing.
export async function deleteSnapshot(input: { bookId: string; snapshotId: string }, principal: Principal): Promise<void> {
  authorize(principal, "snapshots.delete");
  const book = await loadBook(principal, input.bookId, "snapshots.delete");
  const deleted = await sql.deleteFrom("Snapshot").where("id", "=", input.snapshotId).where("bookId", "=", book.id).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw new AppError("not_found", "This book has no snapshot with this id.");
}
