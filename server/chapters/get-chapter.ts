import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadChapterOfBook, readableText } from "./load-chapter";
import { toChapterDto, type ChapterDto } from "./schemas";

// GET /api/v1/books/{bookId}/chapters/{chapterId}
export async function getChapter(input: { bookId: string; chapterId: string }, principal: Principal): Promise<ChapterDto> {
  authorize(principal, "chapters.get");
  const { book, chapter } = await loadChapterOfBook(principal, input, "chapters.get");
  return toChapterDto({ ...chapter, content: readableText(principal, book, chapter.content) });
}
