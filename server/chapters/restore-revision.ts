import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadChapter, loadRevision } from "./load-chapter";
import type { ChapterDto } from "./schemas";
import { changeChapterText } from "./change-text";

// POST /api/v1/books/{bookId}/chapters/{chapterId}/restorations — brings an old version back as a
// new version, so the text it replaces stays in the history too.
export async function restoreRevision(
  input: { bookId: string; chapterId: string; revision: number; version?: number },
  principal: Principal,
): Promise<ChapterDto> {
  authorize(principal, "chapters.restoreRevision");
  const chapter = await loadChapter(principal, input, "chapters.restoreRevision");
  const revision = await loadRevision(chapter.id, input.revision);
  const restored = { title: revision.title, content: revision.content };
  return changeChapterText(chapter, input.version ?? chapter.version, restored, { authorId: principal.userId, kind: "restore" });
}
