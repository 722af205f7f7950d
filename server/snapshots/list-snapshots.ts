import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import type { SnapshotSummaryDto } from "./schemas";
import { snapshotSummaryColumns, snapshotsWithAuthors, toSnapshotSummaryDto } from "./snapshots";

// GET /api/v1/books/{bookId}/snapshots — the book's snapshots, newest first (at most
// MAX_SNAPSHOTS_PER_BOOK, so one answer without pages).
export async function listSnapshots(input: { bookId: string }, principal: Principal): Promise<SnapshotSummaryDto[]> {
  authorize(principal, "snapshots.list");
  const book = await loadBook(principal, input.bookId, "snapshots.list");
  const rows = await snapshotsWithAuthors(book.id).select(snapshotSummaryColumns).orderBy("Snapshot.createdAt", "desc").orderBy("Snapshot.name").execute();
  return rows.map(toSnapshotSummaryDto);
}
