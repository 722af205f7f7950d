import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { readableText } from "../chapters/load-chapter";
import type { SnapshotChapterDto, SnapshotDto } from "./schemas";
import { loadSnapshot, snapshotChapterText, snapshotWithChapters } from "./snapshots";

// GET /api/v1/books/{bookId}/snapshots/{snapshotId} — a snapshot with its chapters' titles, order
// and word counts as they were.
export async function getSnapshot(input: { bookId: string; snapshotId: string }, principal: Principal): Promise<SnapshotDto> {
  authorize(principal, "snapshots.get");
  const book = await loadBook(principal, input.bookId, "snapshots.get");
  return snapshotWithChapters(await loadSnapshot(book.id, input.snapshotId));
}

// GET /api/v1/books/{bookId}/snapshots/{snapshotId}/chapters/{chapterId} — one chapter's text as
// the snapshot holds it; the writer's private notes only for those who write the book (decision 0492).
export async function getSnapshotChapter(input: { bookId: string; snapshotId: string; chapterId: string }, principal: Principal): Promise<SnapshotChapterDto> {
  authorize(principal, "snapshots.chapter");
  const book = await loadBook(principal, input.bookId, "snapshots.chapter");
  const snapshot = await loadSnapshot(book.id, input.snapshotId);
  const chapter = await snapshotChapterText(snapshot.id, input.chapterId);
  return { snapshotId: snapshot.id, ...chapter, content: readableText(principal, book, chapter.content) };
}
