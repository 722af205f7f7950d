import { addToBookTotals, bookTransaction } from "../books/access";
import { AppError } from "../errors";
import { dbTime, newId } from "../sql/values";
import { countProseOf } from "../text/count-task";
import { THIN_EVERY_VERSIONS, thinRevisions } from "./revision-retention";
import type { Transaction } from "kysely";
import type { DB } from "../generated/kysely/database";
import { chapterSummaryColumns, toChapterSummaryDto, type ChapterDto, type ChapterSummaryRow } from "./schemas";

function versionConflict(expectedVersion: number, currentVersion: number | null): AppError {
  return new AppError(
    "version_conflict",
    `This chapter was saved elsewhere since version ${expectedVersion}; reload it, nothing was overwritten.`,
    { expectedVersion, currentVersion },
  );
}

export type RevisionKind = "save" | "restore" | "replace" | "undo";

/**
 * Saves a new version of a chapter, keeping it as a revision, only if the chapter still stands at
 * `expectedVersion`: a stale save changes nothing and answers version_conflict (409).
 */
export async function writeChapterVersion(
  chapter: { id: string; bookId: string; version: number; wordCount: number },
  expectedVersion: number,
  next: { title: string; content: string },
  options: { owner: string; kind?: "save" | "restore" },
): Promise<ChapterDto> {
  if (chapter.version !== expectedVersion) throw versionConflict(expectedVersion, chapter.version);
  // Counted before the transaction: a long chapter is counted in a worker, holding no lock.
  const wordCount = (await countProseOf([next.content], options.owner))[0]!;
  return bookTransaction(chapter.bookId, async (trx) => {
    const saved = await writeVersionIn(trx, chapter.id, expectedVersion, { ...next, wordCount }, { kind: options.kind ?? "save" });
    if (!saved) throw versionConflict(expectedVersion, null);
    // The version check above pins chapter.wordCount to the text being replaced.
    await addToBookTotals(trx, chapter.bookId, { words: wordCount - chapter.wordCount });
    return { ...toChapterSummaryDto(saved), content: next.content };
  });
}

/**
 * The write itself, inside a book's transaction: conditional on the version, so a save that raced
 * in since the chapter was read wins alone (null then, and nothing is written). A book-wide
 * replace writes several chapters this way in one transaction, each revision tagged with its change set.
 */
export async function writeVersionIn(
  trx: Transaction<DB>,
  chapterId: string,
  expectedVersion: number,
  next: { title: string; content: string; wordCount: number },
  revision: { kind: RevisionKind; changeSetId?: string },
): Promise<ChapterSummaryRow | null> {
  const clock = new Date();
  const now = dbTime(clock);
  const saved = await trx
    .updateTable("Chapter")
    .set((eb) => ({ ...next, version: eb("version", "+", 1), updatedAt: now }))
    .where("id", "=", chapterId)
    .where("version", "=", expectedVersion)
    .returning(chapterSummaryColumns)
    .executeTakeFirst();
  if (!saved) return null;
  await trx
    .insertInto("ChapterRevision")
    .values({ id: newId(), chapterId, version: saved.version, ...next, createdAt: now, kind: revision.kind, changeSetId: revision.changeSetId ?? null })
    .execute();
  if (saved.version % THIN_EVERY_VERSIONS === 0) await thinRevisions(trx, chapterId, clock);
  return saved;
}
