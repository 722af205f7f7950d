import type { Kysely, Transaction } from "kysely";
import type { Principal } from "../auth/principal";
import { can } from "../books/policy";
import type { LoadedBook } from "../books/access";
import type { DB } from "../generated/kysely/database";
import { AppError } from "../errors";
import type { PartDto } from "./schemas";

type Reader = Kysely<DB> | Transaction<DB>;

/** The columns a part is read with. */
export const partColumns = ["id", "bookId", "title", "position", "createdAt", "updatedAt"] as const;
type PartRow = { id: string; bookId: string; title: string; position: number; createdAt: Date; updatedAt: Date };

/**
 * The book's parts with the count and words of the chapters the caller may read in each: a beta
 * reader, who reads released chapters only, sees the parts that hold one (decision 0488).
 */
export async function partsOf(db: Reader, book: LoadedBook, principal: Principal, only?: string): Promise<PartDto[]> {
  const wholeDraft = can(principal, "readDraft", book);
  let parts = db.selectFrom("Part").select(partColumns).where("bookId", "=", book.id);
  if (only) parts = parts.where("id", "=", only);
  let chapters = db.selectFrom("Chapter").select(["partId", "wordCount"]).where("bookId", "=", book.id).where("deletedAt", "is", null).where("partId", "is not", null);
  if (!wholeDraft) chapters = chapters.where("releasedAt", "is not", null);
  if (only) chapters = chapters.where("partId", "=", only);
  const [rows, held] = await Promise.all([parts.orderBy("position").orderBy("createdAt").execute(), chapters.execute()]);
  const totals = new Map<string, { chapterCount: number; wordCount: number }>();
  for (const chapter of held) {
    const total = totals.get(chapter.partId!) ?? { chapterCount: 0, wordCount: 0 };
    total.chapterCount += 1;
    total.wordCount += chapter.wordCount;
    totals.set(chapter.partId!, total);
  }
  return rows
    .map((row) => toPartDto(row, totals.get(row.id) ?? { chapterCount: 0, wordCount: 0 }))
    .filter((part) => wholeDraft || part.chapterCount > 0);
}

export function toPartDto(row: PartRow, totals: { chapterCount: number; wordCount: number }): PartDto {
  return {
    id: row.id,
    bookId: row.bookId,
    title: row.title,
    position: row.position,
    ...totals,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One part of the book, as the caller may see it; 404 when the book has no such part. */
export async function partOf(db: Reader, book: LoadedBook, principal: Principal, partId: string): Promise<PartDto> {
  const [part] = await partsOf(db, book, principal, partId);
  if (!part) throw new AppError("not_found", "This book has no part with this id.");
  return part;
}
