import { addToBookTotals, bookTransaction } from "../books/access";
import { AppError } from "../errors";
import { newId } from "../sql/values";
import { addToLedger, ledgerEntry } from "../goals/ledger";
import { countProseOf, wordChangeOf } from "../text/count-task";
import { chapterInTrash } from "./load-chapter";
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
    const saved = await writeVersionIn(trx, chapter.id, expectedVersion, { ...next, wordCount }, { kind }, clock);
    if (!saved) throw await notWritten(trx, chapter, expectedVersion);
    // The version check above pins chapter.wordCount to the text being replaced.
    await addToBookTotals(trx, chapter.bookId, { words: wordCount - chapter.wordCount });
    await addToLedger(trx, { userId: options.owner, bookId: chapter.bookId, at: clock, ...ledgerEntry(change, kind) });
    return { ...toChapterSummaryDto(saved), content: next.content };
  });
}

/** Why writeVersionIn wrote nothing: the chapter went to the trash meanwhile (404, as any write to it), or another save won (409). */
async function notWritten(trx: Transaction<DB>, chapter: { id: string; bookId: string }, expectedVersion: number): Promise<AppError> {
  const now = await trx.selectFrom("Chapter").select(["version", "deletedAt"]).where("id", "=", chapter.id).executeTakeFirst();
  if (!now) return new AppError("not_found", "This chapter was deleted for good meanwhile; nothing was saved.");
  if (now.deletedAt) return chapterInTrash({ bookId: chapter.bookId, chapterId: chapter.id }, "This chapter was moved to the trash meanwhile; nothing was saved.");
  return versionConflict(expectedVersion, now.version);
}

/**
 * The write itself, inside a book's transaction: conditional on the version, and on the chapter
 * being out of the trash (a chapter trashed while a save, replace or undo was on its way keeps its
 * version), so a write that raced in since the chapter was read wins alone (null then, and nothing
 * is written). A book-wide replace writes several chapters this way in one transaction, each
 * revision tagged with its change set.
 */
export async function writeVersionIn(
  trx: Transaction<DB>,
  chapterId: string,
  expectedVersion: number,
  next: { title: string; content: string; wordCount: number },
  revision: { kind: RevisionKind; changeSetId?: string },
  clock = new Date(),
): Promise<ChapterSummaryRow | null> {
  const saved = await trx
    .updateTable("Chapter")
    .set((eb) => ({ ...next, version: eb("version", "+", 1), updatedAt: clock }))
    .where("id", "=", chapterId)
    .where("version", "=", expectedVersion)
    .where("deletedAt", "is", null)
    .returning(chapterSummaryColumns)
    .executeTakeFirst();
  if (!saved) return null;
  await trx
    .insertInto("ChapterRevision")
    .values({ id: newId(), chapterId, version: saved.version, ...next, createdAt: clock, kind: revision.kind, changeSetId: revision.changeSetId ?? null })
    .execute();
  if (saved.version % THIN_EVERY_VERSIONS === 0) await thinRevisions(trx, chapterId, clock);
  return saved;
}
