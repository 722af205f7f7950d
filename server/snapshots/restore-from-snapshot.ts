import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { changeChapterText } from "../chapters/change-text";
import { loadChapter } from "../chapters/load-chapter";
import type { ChapterDto } from "../chapters/schemas";
import { loadSnapshot, snapshotChapterText } from "./snapshots";

// POST /api/v1/books/{bookId}/snapshots/{snapshotId}/chapters/{chapterId}/restorations — brings a
// chapter's title and text back as the snapshot holds them, as a new version through the one
// text-change command: its revision is a "restore" naming the snapshot and who restored it, and
// the text it replaces stays in the history. A chapter the snapshot does not hold is 404; one in the
// trash is 404 chapter_in_trash, whose details name the call that takes it out first (decision
// 0489); a chapter deleted for good cannot be held by a snapshot (deleteChapter refuses it).
export async function restoreFromSnapshot(
  input: { bookId: string; snapshotId: string; chapterId: string; version?: number },
  principal: Principal,
): Promise<ChapterDto> {
  authorize(principal, "snapshots.restore");
  const chapter = await loadChapter(principal, input, "snapshots.restore");
  const snapshot = await loadSnapshot(chapter.bookId, input.snapshotId);
  const held = await snapshotChapterText(snapshot.id, chapter.id);
  return changeChapterText(chapter, input.version ?? chapter.version, { title: held.title, content: held.content }, {
    authorId: principal.userId,
    kind: "restore",
    snapshotId: snapshot.id,
  });
}
