import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { transaction } from "../db";
import { loadSnapshot } from "../snapshots/snapshots";
import { sharingOf } from "./readers";
import type { SharingDto } from "./schemas";

// PUT /api/v1/books/{bookId}/readers/sharing — the owner shares one snapshot with the book's
// readers (or none), and says whether their view of the readers names them.
export async function shareWithReaders(input: { bookId: string; snapshotId: string | null; showNames?: boolean }, principal: Principal): Promise<SharingDto> {
  authorize(principal, "readers.share");
  const book = await loadBook(principal, input.bookId, "readers.share");
  if (input.snapshotId !== null) await loadSnapshot(book.id, input.snapshotId); // 404: not this book's
  const row = { snapshotId: input.snapshotId, showNames: input.showNames ?? false, updatedAt: new Date() };
  await transaction((trx) =>
    trx
      .insertInto("ReaderShare")
      .values({ bookId: book.id, ...row })
      .onConflict((oc) => oc.column("bookId").doUpdateSet(row))
      .execute(),
  );
  return sharingDto(await sharingOf(book.id));
}

export function sharingDto(sharing: Awaited<ReturnType<typeof sharingOf>>): SharingDto {
  const { snapshot, showNames } = sharing;
  return { snapshot: snapshot && { id: snapshot.id, name: snapshot.name, createdAt: snapshot.createdAt.toISOString() }, showNames };
}
