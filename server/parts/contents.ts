import type { Kysely, Transaction } from "kysely";
import type { Principal } from "../auth/principal";
import type { LoadedBook } from "../books/access";
import { can } from "../books/policy";
import { chapterSummaryColumns, toChapterSummaryDto, type ChapterSummaryDto } from "../chapters/schemas";
import type { DB } from "../generated/kysely/database";
import { entriesOf } from "./contents-tree";
import { storedOrder } from "./order";
import { partsOf } from "./parts";
import type { ContentsDto } from "./schemas";

type Reader = Kysely<DB> | Transaction<DB>;

/**
 * The book's chapters grouped under their parts, in reading order, with the order version a reorder
 * names. A beta reader sees the chapters released to readers and the parts that hold one.
 */
export async function contentsOf(db: Reader, book: LoadedBook, principal: Principal): Promise<ContentsDto> {
  const wholeDraft = can(principal, "readDraft", book);
  let chapterRows = db.selectFrom("Chapter").select(chapterSummaryColumns).where("bookId", "=", book.id).where("deletedAt", "is", null);
  if (!wholeDraft) chapterRows = chapterRows.where("releasedAt", "is not", null);
  // Once the book shares a snapshot with its readers, they read it and no live chapter (decision 0497).
  if (!wholeDraft && book.readerSnapshotId) chapterRows = chapterRows.where("Chapter.id", "is", null);
  const [stored, rows, parts, version] = await Promise.all([
    storedOrder(db, book.id),
    chapterRows.execute(),
    partsOf(db, book, principal),
    db.selectFrom("Book").select("orderVersion").where("id", "=", book.id).executeTakeFirstOrThrow(),
  ]);
  const chapters = new Map(rows.map((row) => [row.id, toChapterSummaryDto(row)]));
  const partById = new Map(parts.map((part) => [part.id, part]));
  const visible = (ids: string[]) => ids.flatMap((id) => (chapters.has(id) ? [chapters.get(id)!] : []));
  const entries: ContentsDto["entries"] = [];
  for (const entry of entriesOf(stored)) {
    if ("chapterId" in entry) {
      const [chapter] = visible([entry.chapterId]);
      if (chapter) entries.push({ type: "chapter", chapter });
    } else {
      const part = partById.get(entry.partId);
      if (part) entries.push({ type: "part", part, chapters: visible(entry.chapterIds) as ChapterSummaryDto[] });
    }
  }
  return { orderVersion: version.orderVersion, entries };
}
