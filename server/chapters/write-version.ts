import { addToBookTotals } from "../books/access";
import { db } from "../db";
import { AppError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { countWords } from "../text/word-count";
import { chapterSummarySelect, toChapterSummaryDto, type ChapterDto } from "./schemas";

function versionConflict(expectedVersion: number, currentVersion: number | null): AppError {
  return new AppError(
    "version_conflict",
    `This chapter was saved elsewhere since version ${expectedVersion}; reload it, nothing was overwritten.`,
    { expectedVersion, currentVersion },
  );
}

/**
 * Saves a new version of a chapter, keeping it as a revision, only if the chapter still stands at
 * `expectedVersion`: a stale save changes nothing and answers version_conflict (409).
 */
export async function writeChapterVersion(
  chapter: { id: string; bookId: string; version: number; wordCount: number },
  expectedVersion: number,
  next: { title: string; content: string },
): Promise<ChapterDto> {
  if (chapter.version !== expectedVersion) throw versionConflict(expectedVersion, chapter.version);
  const wordCount = countWords(next.content);
  return db.$transaction(async (tx) => {
    // Conditional on the version, so a save that raced in since the chapter was read wins alone.
    const saved = await tx.chapter
      .update({
        where: { id: chapter.id, version: expectedVersion },
        data: { ...next, wordCount, version: { increment: 1 } },
        select: chapterSummarySelect,
      })
      .catch((error: unknown) => {
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") {
          throw versionConflict(expectedVersion, null);
        }
        throw error;
      });
    await tx.chapterRevision.create({
      data: { chapterId: chapter.id, version: saved.version, ...next, wordCount },
      select: { id: true },
    });
    // The version check above pins chapter.wordCount to the text being replaced.
    await addToBookTotals(tx, chapter.bookId, { words: wordCount - chapter.wordCount });
    return { ...toChapterSummaryDto(saved), content: next.content };
  });
}
