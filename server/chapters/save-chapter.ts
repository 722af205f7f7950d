import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadChapter } from "./load-chapter";
import type { ChapterDto } from "./schemas";
import { writeChapterVersion } from "./write-version";

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
  if (input.content !== undefined) {
    const chapter = await loadChapter(principal, input, { withContent: false });
    return writeChapterVersion(chapter, input.version, { title: input.title ?? chapter.title, content: input.content }, { owner: principal.userId });
  }
  // A title-only change keeps the stored text, so only then is it read.
  const chapter = await loadChapter(principal, input);
  return writeChapterVersion(chapter, input.version, { title: input.title ?? chapter.title, content: chapter.content }, { owner: principal.userId });
}
