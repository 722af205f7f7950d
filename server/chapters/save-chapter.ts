import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadChapter } from "./load-chapter";
import type { ChapterDto } from "./schemas";
import { changeChapterText } from "./change-text";

interface SaveChapterInput {
  bookId: string;
  chapterId: string;
  /** the version the writer edited; a stale one is refused and nothing changes */
  version: number;
  title?: string;
  content?: string;
}

// PUT and PATCH /api/v1/books/{bookId}/chapters/{chapterId}
export async function saveChapter(input: SaveChapterInput, principal: Principal): Promise<ChapterDto> {
  authorize(principal, "chapters.save");
  // The stored text is read: the writer's ledger counts what the save changes in it.
  const chapter = await loadChapter(principal, input, "chapters.save");
  const next = { title: input.title ?? chapter.title, content: input.content ?? chapter.content };
  return changeChapterText(chapter, input.version, next, { authorId: principal.userId });
}
