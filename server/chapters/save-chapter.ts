import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { rescanSavedChapter } from "../bible/mention-index";
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
  // The stored text is read: the writer's ledger counts what the save changes in it.
  const chapter = await loadChapter(principal, input, "chapters.save");
  const next = { title: input.title ?? chapter.title, content: input.content ?? chapter.content };
  const saved = await writeChapterVersion(chapter, input.version, next, { owner: principal.userId });
  // The story bible's mentions of this chapter, found again (issue 21): the save is kept whatever
  // happens here, and a read of the mentions rescans a chapter this missed.
  if (next.content !== chapter.content) {
    await rescanSavedChapter(saved, principal.userId).catch((error: unknown) => console.error("the bible's mentions of a saved chapter were not updated", error));
  }
  return saved;
}
