import { addToBookTotals, bookTransaction } from "../books/access";
import { AppError } from "../errors";
import { dbTime, newId } from "../sql/values";
import { addToLedger, ledgerEntry } from "../goals/ledger";
import { countProseOf, wordChangeOf } from "../text/count-task";
import { THIN_EVERY_VERSIONS, thinRevisions } from "./revision-retention";
import { chapterSummaryColumns, toChapterSummaryDto, type ChapterDto } from "./schemas";

function versionConflict(expectedVersion: number, currentVersion: number | null): AppError {
  return new AppError(
    "version_conflict",
    `This chapter was saved elsewhere since version ${expectedVersion}; reload it, nothing was overwritten.`,
    { expectedVersion, currentVersion },
  );
}

/**
 * Saves a new version of a chapter, keeping it as a revision, only if the chapter still stands at
 * `expectedVersion`: a stale save changes nothing and answers version_conflict (409). The words it
 * added and removed go to the writer's ledger (`owner`'s day), in the same transaction.
 */
export async function writeChapterVersion(
  chapter: { id: string; bookId: string; version: number; wordCount: number; content: string },
  expectedVersion: number,
  next: { title: string; content: string },
  options: { owner: string; kind?: "save" | "restore" },
): Promise<ChapterDto> {
  if (chapter.version !== expectedVersion) throw versionConflict(expectedVersion, chapter.version);
  const kind = options.kind ?? "save";
  // Counted before the transaction: a long chapter is counted in a worker, holding no lock. The
  // version check in the transaction pins chapter.content to the text this save replaces.
  const wordCount = (await countProseOf([next.content], options.owner))[0]!;
  const change = await wordChangeOf(chapter.content, next.content, { before: chapter.wordCount, after: wordCount }, options.owner);
  return bookTransaction(chapter.bookId, async (trx) => {
    const clock = new Date();
    const now = dbTime(clock);
    // Conditional on the version, so a save that raced in since the chapter was read wins alone.
    const saved = await trx
      .updateTable("Chapter")
      .set((eb) => ({ ...next, wordCount, version: eb("version", "+", 1), updatedAt: now }))
      .where("id", "=", chapter.id)
      .where("version", "=", expectedVersion)
      .returning(chapterSummaryColumns)
      .executeTakeFirst();
    if (!saved) throw versionConflict(expectedVersion, null);
    await trx
      .insertInto("ChapterRevision")
      .values({ id: newId(), chapterId: chapter.id, version: saved.version, ...next, wordCount, createdAt: now, kind })
      .execute();
    if (saved.version % THIN_EVERY_VERSIONS === 0) await thinRevisions(trx, chapter.id, clock);
    // The version check above pins chapter.wordCount to the text being replaced.
    await addToBookTotals(trx, chapter.bookId, { words: wordCount - chapter.wordCount });
    await addToLedger(trx, { userId: options.owner, bookId: chapter.bookId, at: clock, ...ledgerEntry(change, kind) });
    return { ...toChapterSummaryDto(saved), content: next.content };
  });
}
