import type { Principal } from "../auth/principal";
import { bookActionOf, type Operation } from "../auth/scopes";
import { loadBook } from "../books/access";
import { assertCan, can, type BookAccess } from "../books/policy";
import { withoutNotes } from "../text/notes";
import { sql } from "../db";
import { AppError } from "../errors";
import { withRevisionText } from "./revision-text";
import { chapterColumns, chapterSummaryColumns, type ChapterRow, type ChapterSummaryRow } from "./schemas";

type ChapterIds = { bookId: string; chapterId: string };
type Options = { withContent?: boolean; inTrash?: "refuse" | "allow" };
type Released = { releasedAt: Date | null };
type InTrash = { deletedAt: Date | null };

/**
 * A chapter of a book the principal may act on for the operation (see loadBook for the book's
 * checks; a beta reader reads only a chapter released to readers). Its text is
 * read only when asked for: a chapter may be megabytes, and most writes replace it anyway. A
 * chapter in the trash answers 404 chapter_in_trash, except to restoring and deleting.
 */
export async function loadChapter(principal: Principal, ids: ChapterIds, operation: Operation, options: Options & { withContent: false }): Promise<ChapterSummaryRow & InTrash & Released>;
export async function loadChapter(principal: Principal, ids: ChapterIds, operation: Operation, options?: Options): Promise<ChapterRow & InTrash & Released>;
export async function loadChapter(principal: Principal, ids: ChapterIds, operation: Operation, options: Options = {}) {
  return (await loadChapterOfBook(principal, ids, operation, options)).chapter;
}

/** loadChapter, with the book as loaded for the caller (their role on it). */
export async function loadChapterOfBook(principal: Principal, ids: ChapterIds, operation: Operation, options: Options = {}) {
  const book = await loadBook(principal, ids.bookId, operation);
  const chapter = await sql
    .selectFrom("Chapter")
    .select([...(options.withContent === false ? chapterSummaryColumns : chapterColumns), "deletedAt", "releasedAt"])
    .where("id", "=", ids.chapterId)
    .where("bookId", "=", ids.bookId)
    .executeTakeFirst();
  if (!chapter) throw new AppError("not_found", "This book has no chapter with this id.");
  if (chapter.deletedAt && options.inTrash !== "allow") throw chapterInTrash(ids);
  assertCan(principal, bookActionOf(operation)!, book, chapter);
  return { book, chapter };
}

/**
 * A chapter's text as the caller may read it: the writer's private notes (`<!-- … -->`) are part
 * of the text for those who write it, and left out for everyone else (decision 0492).
 */
export function readableText(principal: Principal, book: BookAccess, content: string): string {
  return can(principal, "write", book) ? content : withoutNotes(content);
}

export function chapterInTrash(ids: ChapterIds, message = "This chapter is in the book's trash; restore it to open it."): AppError {
  return new AppError("chapter_in_trash", message, {
    restore: { method: "POST", path: `/api/v1/books/${ids.bookId}/chapters/${ids.chapterId}/untrash` },
    trash: { method: "GET", path: `/api/v1/books/${ids.bookId}/chapters?deleted=true` },
  });
}

/** Version `version` of a chapter, as its revision keeps it; 404 if it never existed or was thinned. */
/** A chapter's versions, each with its author's name as their account gives it now (and a restore's snapshot's name). */
export function revisionsWithAuthors(chapterId: string) {
  return sql
    .selectFrom("ChapterRevision")
    .leftJoin("User", "User.id", "ChapterRevision.authorId")
    .leftJoin("User as Suggester", "Suggester.id", "ChapterRevision.suggestedById")
    .leftJoin("Snapshot", "Snapshot.id", "ChapterRevision.snapshotId")
    .where("ChapterRevision.chapterId", "=", chapterId);
}

/** What a version is summarised by, read from revisionsWithAuthors. */
export const revisionSummaryColumns = [
  "ChapterRevision.version",
  "ChapterRevision.title",
  "ChapterRevision.wordCount",
  "ChapterRevision.createdAt",
  "ChapterRevision.kind",
  "ChapterRevision.changeSetId",
  "ChapterRevision.authorId",
  "User.name as authorName",
  "ChapterRevision.snapshotId",
  "Snapshot.name as snapshotName",
  "ChapterRevision.suggestedById",
  "Suggester.name as suggestedByName",
  "Suggester.email as suggestedByEmail",
] as const;

export async function loadRevision(chapterId: string, version: number) {
  const revision = await revisionsWithAuthors(chapterId)
    .select([...revisionSummaryColumns, "ChapterRevision.content", "ChapterRevision.compressedContent"])
    .where("ChapterRevision.version", "=", version)
    .executeTakeFirst();
  if (!revision) throw new AppError("not_found", `This chapter has no version ${version}.`);
  return withRevisionText(revision);
}
