import type { Kysely, Transaction } from "kysely";
import { chapterInTrash } from "../chapters/load-chapter";
import { anchorAt, findQuote, type Anchor } from "../comments/anchor";
import { refusedStretch } from "../comments/place-stretch";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import type { DeadlineInput, ForeshadowingDto, ForeshadowingStatus, ForeshadowingSummary, PassageInput } from "./schemas";

type Reader = Kysely<DB> | Transaction<DB>;

/**
 * The book's reading order as a foreshadowing reads it (decision 0501): each chapter's number
 * (1-based among the chapters out of the trash, by position), its title, and how far the book is
 * written — the last chapter in that order that holds text. A chapter in the trash keeps its title
 * and has no number.
 */
export interface ReadingOrder {
  chapters: Map<string, { title: string; number: number | null }>;
  /** the titles of the chapters out of the trash, by number less one */
  titles: string[];
  writtenThrough: number;
}

export async function readingOrderOf(db: Reader, bookId: string): Promise<ReadingOrder> {
  const rows = await db.selectFrom("Chapter").select(["id", "title", "wordCount", "deletedAt"]).where("bookId", "=", bookId).orderBy("position").orderBy("createdAt").execute();
  const chapters = new Map<string, { title: string; number: number | null }>();
  let number = 0;
  let writtenThrough = 0;
  const titles: string[] = [];
  for (const row of rows) {
    if (row.deletedAt) {
      chapters.set(row.id, { title: row.title, number: null });
      continue;
    }
    number += 1;
    chapters.set(row.id, { title: row.title, number });
    titles.push(row.title);
    if (row.wordCount > 0) writtenThrough = number;
  }
  return { chapters, titles, writtenThrough };
}

export const foreshadowingColumns = [
  "id",
  "bookId",
  "title",
  "note",
  "state",
  "setupChapterId",
  "setupSceneId",
  "setupQuote",
  "setupStart",
  "setupEnd",
  "payoffChapterId",
  "payoffSceneId",
  "payoffQuote",
  "payoffStart",
  "payoffEnd",
  "deadlineChapterId",
  "deadlineChapterNumber",
  "createdAt",
  "updatedAt",
  "settledAt",
] as const;

export interface ForeshadowingRow {
  id: string;
  bookId: string;
  title: string;
  note: string;
  state: string;
  setupChapterId: string;
  setupSceneId: string | null;
  setupQuote: string | null;
  setupStart: number | null;
  setupEnd: number | null;
  payoffChapterId: string | null;
  payoffSceneId: string | null;
  payoffQuote: string | null;
  payoffStart: number | null;
  payoffEnd: number | null;
  deadlineChapterId: string | null;
  deadlineChapterNumber: number | null;
  createdAt: Date;
  updatedAt: Date;
  settledAt: Date | null;
}

/** The chapter number a deadline is due by: a deadline chapter's place now, or the number named. */
function deadlineNumber(row: ForeshadowingRow, order: ReadingOrder): number | null {
  if (row.deadlineChapterId) return order.chapters.get(row.deadlineChapterId)?.number ?? null;
  return row.deadlineChapterNumber;
}

/**
 * Overdue: still planted, and the book is written through its deadline chapter — some chapter at
 * or after it holds text. So a deadline on a chapter not yet written (回收 by chapter 300) turns
 * overdue the day chapter 300, or a later one, gets its first words; an empty chapter made ahead
 * as a placeholder does not count.
 */
export function statusOf(row: ForeshadowingRow, order: ReadingOrder): ForeshadowingStatus {
  if (row.state === "paid_off" || row.state === "dropped") return row.state;
  const due = deadlineNumber(row, order);
  return due !== null && due <= order.writtenThrough ? "overdue" : "open";
}

export function toForeshadowingDto(row: ForeshadowingRow, order: ReadingOrder): ForeshadowingDto {
  const chapter = (id: string) => ({ id, title: order.chapters.get(id)?.title ?? "", number: order.chapters.get(id)?.number ?? null });
  const words = (quote: string | null, start: number | null, end: number | null) => (quote === null ? null : { quote, start, end });
  const setup = { chapter: chapter(row.setupChapterId), sceneId: row.setupSceneId, words: words(row.setupQuote, row.setupStart, row.setupEnd) };
  const payoff = row.payoffChapterId ? { chapter: chapter(row.payoffChapterId), sceneId: row.payoffSceneId, words: words(row.payoffQuote, row.payoffStart, row.payoffEnd) } : null;
  const due = deadlineNumber(row, order);
  const deadline =
    row.deadlineChapterId || row.deadlineChapterNumber !== null
      ? { chapterId: row.deadlineChapterId, title: row.deadlineChapterId ? chapter(row.deadlineChapterId).title : (order.titles[due! - 1] ?? null), number: due }
      : null;
  const status = statusOf(row, order);
  const planted = status === "open" || status === "overdue";
  const warnings: ForeshadowingDto["warnings"] = [];
  const setupNumber = setup.chapter.number;
  if (payoff && setupNumber !== null && payoff.chapter.number !== null && payoff.chapter.number < setupNumber) warnings.push("payoff_before_setup");
  if (deadline && setupNumber !== null && due !== null && due < setupNumber) warnings.push("deadline_before_setup");
  if (setupNumber === null || (payoff && payoff.chapter.number === null) || (row.deadlineChapterId && due === null)) warnings.push("chapter_in_trash");
  return {
    id: row.id,
    bookId: row.bookId,
    title: row.title,
    note: row.note,
    state: row.state as ForeshadowingDto["state"],
    status,
    setup,
    payoff,
    deadline,
    chaptersLeft: planted && due !== null ? due - order.writtenThrough : null,
    warnings,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/** The board's counts: one per column, and how far the book is written. */
export function summaryOf(items: readonly ForeshadowingDto[], order: ReadingOrder): ForeshadowingSummary {
  const count = (status: ForeshadowingStatus) => items.filter((item) => item.status === status).length;
  return { overdue: count("overdue"), open: count("open"), paidOff: count("paid_off"), dropped: count("dropped"), writtenThrough: order.writtenThrough };
}

/** Every foreshadowing of the book, in the order they were planted (the reading order of their setups is the board's). */
export async function foreshadowingsOf(db: Reader, bookId: string, only?: string): Promise<{ items: ForeshadowingDto[]; order: ReadingOrder }> {
  let rows = db.selectFrom("Foreshadowing").select(foreshadowingColumns).where("bookId", "=", bookId);
  if (only) rows = rows.where("id", "=", only);
  const [found, order] = await Promise.all([rows.orderBy("createdAt").orderBy("id").execute(), readingOrderOf(db, bookId)]);
  const items = found.map((row) => toForeshadowingDto(row, order));
  // The board reads in the book's order: by setup chapter, then as planted.
  const place = (dto: ForeshadowingDto) => dto.setup.chapter.number ?? Number.MAX_SAFE_INTEGER;
  items.sort((a, b) => place(a) - place(b));
  return { items, order };
}

export async function foreshadowingOf(db: Reader, bookId: string, foreshadowingId: string): Promise<ForeshadowingDto> {
  const { items } = await foreshadowingsOf(db, bookId, foreshadowingId);
  if (!items[0]) throw new AppError("not_found", "This book has no foreshadowing with this id.");
  return items[0];
}

/** The columns a placed setup or payoff writes. */
export interface PlacedPassage {
  chapterId: string;
  sceneId: string | null;
  words: Anchor | null;
}

/**
 * Checks and places a setup or payoff in the book's transaction, so the words are placed in the very
 * text the next change will move them through (as a comment's, decision 0492): a chapter of another
 * book or none is 422 (it names a body attribute, not the path), one in the trash 404
 * chapter_in_trash (as any write to it); a scene not of that chapter 422; words past the text, or a
 * quote the text does not hold, 422.
 */
export async function placePassage(trx: Transaction<DB>, bookId: string, path: "setup" | "payoff", passage: PassageInput): Promise<PlacedPassage> {
  const chapter = await trx.selectFrom("Chapter").select(["content", "deletedAt"]).where("id", "=", passage.chapterId).where("bookId", "=", bookId).executeTakeFirst();
  if (!chapter) throw invalid(`${path}.chapterId`, "this book has no chapter with this id");
  if (chapter.deletedAt) throw chapterInTrash({ bookId, chapterId: passage.chapterId }, `The ${path} chapter is in the book's trash; restore it first.`);
  if (passage.sceneId !== undefined) {
    const scene = await trx.selectFrom("Scene").select("id").where("id", "=", passage.sceneId).where("chapterId", "=", passage.chapterId).executeTakeFirst();
    if (!scene) throw invalid(`${path}.sceneId`, "this chapter has no scene with this id");
  }
  return { chapterId: passage.chapterId, sceneId: passage.sceneId ?? null, words: wordsIn(chapter.content, path, passage) };
}

function wordsIn(text: string, path: string, { start, end, quote }: PassageInput): Anchor | null {
  if (start === undefined || end === undefined) return null;
  if (quote === undefined || text.slice(start, end) === quote) {
    if (end > text.length) throw refusedStretch(`${path}.end`, `must be at most ${text.length}, the length of the chapter's text`);
    if (text.slice(start, end).trim() === "") throw refusedStretch(`${path}.end`, "names blanks only");
    return anchorAt(text, start, end);
  }
  const found = findQuote(text, { quote, prefix: "", suffix: "" }, start);
  if (!found) throw refusedStretch(`${path}.quote`, "is not in the chapter's text (the words may have been changed since)");
  return found;
}

/** The deadline's columns, checked: a chapter of this book out of the trash, or a number. */
export async function placeDeadline(trx: Transaction<DB>, bookId: string, deadline: DeadlineInput): Promise<{ deadlineChapterId: string | null; deadlineChapterNumber: number | null }> {
  if ("chapterNumber" in deadline) return { deadlineChapterId: null, deadlineChapterNumber: deadline.chapterNumber };
  const chapter = await trx.selectFrom("Chapter").select("deletedAt").where("id", "=", deadline.chapterId).where("bookId", "=", bookId).executeTakeFirst();
  if (!chapter) throw invalid("deadline.chapterId", "this book has no chapter with this id");
  if (chapter.deletedAt) throw chapterInTrash({ bookId, chapterId: deadline.chapterId }, "The deadline chapter is in the book's trash; restore it first.");
  return { deadlineChapterId: deadline.chapterId, deadlineChapterNumber: null };
}

/** A deadline before the setup in the reading order cannot be met: 422, nothing written. */
export function refuseDeadlineBeforeSetup(dto: ForeshadowingDto): void {
  if (dto.warnings.includes("deadline_before_setup"))
    throw invalid("deadline", `is chapter ${dto.deadline!.number}, before the setup in chapter ${dto.setup.chapter.number}: a foreshadowing is paid off after it is planted`);
}

/** The setup's columns, as placed. */
export function setupColumns(placed: PlacedPassage) {
  const words = placed.words;
  return { setupChapterId: placed.chapterId, setupSceneId: placed.sceneId, setupQuote: words?.quote ?? null, setupPrefix: words?.prefix ?? null, setupSuffix: words?.suffix ?? null, setupStart: words?.start ?? null, setupEnd: words?.end ?? null };
}

/** The payoff's columns, as placed; all null without one. */
export function payoffColumns(placed: PlacedPassage | null) {
  const words = placed?.words ?? null;
  return { payoffChapterId: placed?.chapterId ?? null, payoffSceneId: placed?.sceneId ?? null, payoffQuote: words?.quote ?? null, payoffPrefix: words?.prefix ?? null, payoffSuffix: words?.suffix ?? null, payoffStart: words?.start ?? null, payoffEnd: words?.end ?? null };
}

export function invalid(path: string, message: string): AppError {
  return new AppError("validation_failed", `${path} ${message}.`, [{ path, message }]);
}
