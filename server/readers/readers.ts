import type { Transaction } from "kysely";
import type { Principal } from "../auth/principal";
import type { Operation } from "../auth/scopes";
import { loadBook, type LoadedBook } from "../books/access";
import { assertCan, can } from "../books/policy";
import { sql } from "../db";
import { AppError, type FieldProblem } from "../errors";
import type { DB } from "../generated/kysely/database";
import { snapshotChapterText } from "../snapshots/snapshots";
import { paragraphsOf } from "./paragraphs";

/**
 * What readers of a book read (decision 0497): the snapshot its owner shares, and of it only the
 * chapters the caller's role may read — for a beta reader, those released to readers today (the
 * release plan still applies to a snapshot). Every reading use case goes through here, and reads
 * the text through the snapshots' one read path.
 */

export interface SharedSnapshot {
  id: string;
  name: string;
  note: string;
  createdAt: Date;
}

/** The book's sharing row as it stands (defaults when the owner never set one). */
export async function sharingOf(bookId: string): Promise<{ snapshot: SharedSnapshot | null; showNames: boolean }> {
  const row = await sql
    .selectFrom("ReaderShare")
    .leftJoin("Snapshot", "Snapshot.id", "ReaderShare.snapshotId")
    .select(["ReaderShare.showNames", "Snapshot.id", "Snapshot.name", "Snapshot.note", "Snapshot.createdAt"])
    .where("ReaderShare.bookId", "=", bookId)
    .executeTakeFirst();
  if (!row) return { snapshot: null, showNames: false };
  return { snapshot: row.id ? { id: row.id, name: row.name!, note: row.note!, createdAt: row.createdAt! } : null, showNames: Boolean(row.showNames) };
}

/** The book, for the caller, with the snapshot it shares with readers; 404 when it shares none. */
export async function loadReading(principal: Principal, bookId: string, operation: Operation): Promise<{ book: LoadedBook; snapshot: SharedSnapshot }> {
  const book = await loadBook(principal, bookId, operation);
  const { snapshot } = await sharingOf(book.id);
  if (!snapshot) throw new AppError("not_found", "This book shares no snapshot with its readers yet.");
  return { book, snapshot };
}

/** The snapshot's chapters with today's release mark of each, in their order then. */
export async function snapshotChaptersReleased(snapshotId: string) {
  return sql
    .selectFrom("SnapshotChapter")
    .leftJoin("Chapter", "Chapter.id", "SnapshotChapter.chapterId")
    .select(["SnapshotChapter.chapterId", "SnapshotChapter.title", "SnapshotChapter.position", "SnapshotChapter.wordCount", "Chapter.releasedAt"])
    .where("SnapshotChapter.snapshotId", "=", snapshotId)
    .orderBy("SnapshotChapter.position")
    .execute();
}

/** The chapters of the snapshot the caller may read: a beta reader's, those released to readers. */
export async function readableChapters(principal: Principal, book: LoadedBook, snapshotId: string) {
  const chapters = await snapshotChaptersReleased(snapshotId);
  return chapters.filter((chapter) => can(principal, "read", book, { releasedAt: chapter.releasedAt ?? null, snapshotId }));
}

/**
 * One chapter of the shared snapshot, as paragraphs, after the policy's chapter rule: a chapter the
 * snapshot does not hold is 404; one not released to readers, 403 for a beta reader.
 */
export async function loadReadingChapter(principal: Principal, ids: { bookId: string; chapterId: string }, operation: Operation) {
  const { book, snapshot } = await loadReading(principal, ids.bookId, operation);
  const chapters = await snapshotChaptersReleased(snapshot.id);
  const index = chapters.findIndex((chapter) => chapter.chapterId === ids.chapterId);
  if (index < 0) throw new AppError("not_found", "The snapshot shared with readers holds no chapter with this id.");
  assertCan(principal, "read", book, { releasedAt: chapters[index]!.releasedAt ?? null, snapshotId: snapshot.id });
  const readable = chapters.filter((chapter) => can(principal, "read", book, { releasedAt: chapter.releasedAt ?? null, snapshotId: snapshot.id }));
  const at = readable.findIndex((chapter) => chapter.chapterId === ids.chapterId);
  const text = await snapshotChapterText(snapshot.id, ids.chapterId);
  return {
    book,
    snapshot,
    chapter: { chapterId: text.chapterId, title: text.title, position: text.position, paragraphs: paragraphsOf(text.content) },
    previousChapterId: readable[at - 1]?.chapterId ?? null,
    nextChapterId: readable[at + 1]?.chapterId ?? null,
  };
}

/** 422 on `paragraph` when the chapter has no paragraph with that index. */
export function assertParagraph(paragraph: number, count: number): void {
  if (paragraph < count) return;
  const problem: FieldProblem[] = [
    { path: "paragraph", message: count === 0 ? "this chapter has no paragraphs" : `this chapter's paragraphs are 0 to ${count - 1}` },
  ];
  throw new AppError("validation_failed", "Some fields are not valid.", problem);
}

/**
 * The reader's number on the book, given the first time they read it (one more than the book's
 * highest) and never reused, so "Reader 3" is the same person in every snapshot's view.
 */
export async function numberReader(trx: Transaction<DB>, bookId: string, userId: string): Promise<void> {
  const known = await trx.selectFrom("BookReader").select("number").where("bookId", "=", bookId).where("userId", "=", userId).executeTakeFirst();
  if (known) return;
  const highest = await trx.selectFrom("BookReader").select((eb) => eb.fn.max("number").as("number")).where("bookId", "=", bookId).executeTakeFirst();
  await trx
    .insertInto("BookReader")
    .values({ bookId, userId, number: Number(highest?.number ?? 0) + 1, createdAt: new Date() })
    .execute();
}
