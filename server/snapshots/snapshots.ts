import { withRevisionText } from "../chapters/revision-text";
import { sql } from "../db";
import { AppError } from "../errors";
import type { SnapshotChapterSummaryDto, SnapshotDto, SnapshotSummaryDto } from "./schemas";

/**
 * The one read path of a snapshot (decision 0489): the snapshot → its chapters → each chapter's
 * text, the held revision's. Every use case reads through these, and so will a beta reader's
 * reading view (issue 36 item 5), once the policy grants a reader one snapshot.
 */

/** A book's snapshots, each with its maker's name as their account gives it now. */
export function snapshotsWithAuthors(bookId: string) {
  return sql.selectFrom("Snapshot").leftJoin("User", "User.id", "Snapshot.authorId").where("Snapshot.bookId", "=", bookId);
}

export const snapshotSummaryColumns = [
  "Snapshot.id",
  "Snapshot.bookId",
  "Snapshot.name",
  "Snapshot.note",
  "Snapshot.createdAt",
  "Snapshot.authorId",
  "Snapshot.chapterCount",
  "Snapshot.wordCount",
  "Snapshot.partId",
  "Snapshot.partTitle",
  "User.name as authorName",
] as const;

interface SnapshotRow {
  id: string;
  bookId: string;
  name: string;
  note: string;
  createdAt: Date;
  authorId: string | null;
  chapterCount: number;
  wordCount: number;
  partId: string | null;
  partTitle: string | null;
  authorName: string | null;
}

export function toSnapshotSummaryDto(row: SnapshotRow): SnapshotSummaryDto {
  return {
    id: row.id,
    bookId: row.bookId,
    name: row.name,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    author: row.authorId ? { userId: row.authorId, name: row.authorName || null } : null,
    chapterCount: row.chapterCount,
    wordCount: row.wordCount,
    part: row.partId ? { id: row.partId, title: row.partTitle ?? "" } : null,
  };
}

/** A snapshot of the book; 404 when the book has none with this id. */
export async function loadSnapshot(bookId: string, snapshotId: string): Promise<SnapshotRow> {
  const row = await snapshotsWithAuthors(bookId).select(snapshotSummaryColumns).where("Snapshot.id", "=", snapshotId).executeTakeFirst();
  if (!row) throw new AppError("not_found", "This book has no snapshot with this id.");
  return row;
}

/** A snapshot's chapters in their order then, with the revision that holds each one's text. */
export async function snapshotChapters(snapshotId: string): Promise<(SnapshotChapterSummaryDto & { revisionId: string })[]> {
  return sql
    .selectFrom("SnapshotChapter")
    .select(["chapterId", "title", "position", "version", "wordCount", "revisionId"])
    .where("snapshotId", "=", snapshotId)
    .orderBy("position")
    .execute();
}

/** A snapshot with its chapter list, as GET answers it. */
export async function snapshotWithChapters(snapshot: SnapshotRow): Promise<SnapshotDto> {
  const chapters = await snapshotChapters(snapshot.id);
  return {
    ...toSnapshotSummaryDto(snapshot),
    chapters: chapters.map(({ chapterId, title, position, version, wordCount }) => ({ chapterId, title, position, version, wordCount })),
  };
}

/** One chapter of a snapshot with its text then; 404 when the snapshot does not hold it. */
export async function snapshotChapterText(snapshotId: string, chapterId: string): Promise<SnapshotChapterSummaryDto & { content: string }> {
  const row = await sql
    .selectFrom("SnapshotChapter")
    .innerJoin("ChapterRevision", "ChapterRevision.id", "SnapshotChapter.revisionId")
    .select([
      "SnapshotChapter.chapterId",
      "SnapshotChapter.title",
      "SnapshotChapter.position",
      "SnapshotChapter.version",
      "SnapshotChapter.wordCount",
      "ChapterRevision.content",
      "ChapterRevision.compressedContent",
    ])
    .where("SnapshotChapter.snapshotId", "=", snapshotId)
    .where("SnapshotChapter.chapterId", "=", chapterId)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", "This snapshot holds no chapter with this id.");
  return withRevisionText(row);
}

/** The texts of revisions by id (for a comparison: only those of chapters whose versions differ). */
export async function revisionTexts(revisionIds: string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (let start = 0; start < revisionIds.length; start += 500) {
    const rows = await sql
      .selectFrom("ChapterRevision")
      .select(["id", "content", "compressedContent"])
      .where("id", "in", revisionIds.slice(start, start + 500))
      .execute();
    for (const row of rows) texts.set(row.id, (await withRevisionText(row)).content);
  }
  return texts;
}
