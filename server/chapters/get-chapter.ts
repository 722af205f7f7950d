import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadChapter } from "./load-chapter";
import { toChapterDto, type ChapterDto } from "./schemas";

// GET /api/v1/books/{bookId}/chapters/{chapterId}
export async function getChapter(input: { bookId: string; chapterId: string }, principal: Principal): Promise<ChapterDto> {
  authorize(principal, "chapters.get");
  return toChapterDto(await loadChapter(principal, input, "chapters.get"));
}
