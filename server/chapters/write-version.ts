import { db } from "../db";
import { AppError } from "../errors";
import { countWords } from "../text/word-count";
import { refreshBookTotals } from "./book-totals";
import { chapterSelect, toChapterDto, type ChapterDto } from "./schemas";

/**
 * Saves a new version of a chapter, keeping it as a revision, only if the chapter still stands at
 * `expectedVersion`: a stale save changes nothing and answers version_conflict (409).
 */
export async function writeChapterVersion(
  chapter: { id: string; bookId: string; title: string; content: string },
  expectedVersion: number,
  changes: { title?: string; content?: string },
): Promise<ChapterDto> {
  const title = changes.title ?? chapter.title;
  const content = changes.content ?? chapter.content;
  const wordCount = countWords(content);
  return db.$transaction(async (tx) => {
    const updated = await tx.chapter.updateMany({
      where: { id: chapter.id, version: expectedVersion },
      data: { title, content, wordCount, version: { increment: 1 } },
    });
    if (updated.count !== 1) {
      const current = await tx.chapter.findUnique({ where: { id: chapter.id }, select: { version: true } });
      throw new AppError(
        "version_conflict",
        `This chapter was saved elsewhere since version ${expectedVersion}; reload it, nothing was overwritten.`,
        { expectedVersion, currentVersion: current?.version ?? null },
      );
    }
    const saved = await tx.chapter.findUniqueOrThrow({ where: { id: chapter.id }, select: chapterSelect });
    await tx.chapterRevision.create({
      data: { chapterId: chapter.id, version: saved.version, title, content, wordCount },
    });
    await refreshBookTotals(tx, chapter.bookId);
    return toChapterDto(saved);
  });
}
