import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";
import { newId } from "../sql/values";
import { MAX_SNAPSHOTS_PER_BOOK, type SnapshotDto } from "./schemas";
import { loadSnapshot, snapshotWithChapters } from "./snapshots";

/** Rows per insert: well under either engine's bound-parameter limit (8 columns a row). */
const ROWS_PER_INSERT = 200;

// POST /api/v1/books/{bookId}/snapshots — the owner freezes the book under a name.
// A snapshot points at the revision that holds each chapter's current version (every change writes
// one, server/chapters/change-text.ts): making one copies no text. Chapters in the trash are left
// out. Read and written in the book's transaction, so a save cannot slip between the chapters read
// and the revisions held, and two snapshots made at once cannot both take a name.
// A snapshot of one part holds only that part's chapters, and keeps the part's id and title.
export async function createSnapshot(input: { bookId: string; name: string; note: string; partId?: string }, principal: Principal): Promise<SnapshotDto> {
  authorize(principal, "snapshots.create");
  const book = await loadBook(principal, input.bookId, "snapshots.create");
  const id = newId();
  await bookTransaction(book.id, async (trx) => {
    const taken = await trx.selectFrom("Snapshot").select(["id", "name"]).where("bookId", "=", book.id).execute();
    const same = taken.find((s) => sameName(s.name, input.name));
    if (same) throw new AppError("name_taken", `This book has a snapshot named "${same.name}" already.`, { snapshotId: same.id });
    if (taken.length >= MAX_SNAPSHOTS_PER_BOOK) {
      throw new AppError("validation_failed", `A book keeps at most ${MAX_SNAPSHOTS_PER_BOOK} snapshots; delete one first.`, { limit: MAX_SNAPSHOTS_PER_BOOK });
    }
    const part = input.partId === undefined ? null : await trx.selectFrom("Part").select(["id", "title"]).where("id", "=", input.partId).where("bookId", "=", book.id).executeTakeFirst();
    if (part === undefined) throw new AppError("validation_failed", "Some fields are not valid.", [{ path: "partId", message: "this book has no part with this id" }]);
    let chapterQuery = trx
      .selectFrom("Chapter")
      .leftJoin("ChapterRevision", (join) => join.onRef("ChapterRevision.chapterId", "=", "Chapter.id").onRef("ChapterRevision.version", "=", "Chapter.version"))
      .select(["Chapter.id as chapterId", "Chapter.title", "Chapter.position", "Chapter.version", "Chapter.wordCount", "ChapterRevision.id as revisionId"])
      .where("Chapter.bookId", "=", book.id)
      .where("Chapter.deletedAt", "is", null)
      .orderBy("Chapter.position")
      .orderBy("Chapter.createdAt");
    if (part) chapterQuery = chapterQuery.where("Chapter.partId", "=", part.id);
    const chapters = await chapterQuery.execute();
    const unheld = chapters.find((c) => c.revisionId === null);
    // Every change writes its version's revision, and retention never drops a chapter's newest:
    // a version without one is a broken invariant, said plainly rather than frozen half.
    if (unheld) throw new AppError("internal", `Chapter ${unheld.chapterId} has no revision of its version ${unheld.version}; no snapshot was made.`);
    await trx
      .insertInto("Snapshot")
      .values({
        id,
        bookId: book.id,
        name: input.name,
        note: input.note,
        authorId: principal.userId,
        createdAt: new Date(),
        chapterCount: chapters.length,
        wordCount: chapters.reduce((sum, c) => sum + c.wordCount, 0),
        partId: part?.id ?? null,
        partTitle: part?.title ?? null,
      })
      .execute();
    // Positions renumbered 1…n: the book's own are, but a snapshot's must be whatever they were.
    const rows = chapters.map((c, i) => ({ snapshotId: id, chapterId: c.chapterId, revisionId: c.revisionId!, position: i + 1, title: c.title, version: c.version, wordCount: c.wordCount }));
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) await trx.insertInto("SnapshotChapter").values(rows.slice(start, start + ROWS_PER_INSERT)).execute();
  });
  return snapshotWithChapters(await loadSnapshot(book.id, id));
}

/** Two names are the same one when they differ only in letter case or Unicode form. */
export function sameName(a: string, b: string): boolean {
  return a.normalize("NFC").toLowerCase() === b.normalize("NFC").toLowerCase();
}
