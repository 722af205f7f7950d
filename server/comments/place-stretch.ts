import type { Transaction } from "kysely";
import type { Principal } from "../auth/principal";
import type { BookAction } from "../auth/book-roles";
import { assertCan, type BookAccess } from "../books/policy";
import { chapterInTrash } from "../chapters/load-chapter";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import { anchorAt, findQuote, type Anchor } from "./anchor";

/** A stretch of a chapter's text as a caller names it: its place, and the words they saw there. */
export interface NamedStretch {
  chapterId: string;
  start: number;
  end: number;
  quote?: string;
}

/**
 * Where a new comment thread or suggestion goes, placed inside the book's transaction (which every
 * change of the text holds too), so it is placed in the very text the next change will move it
 * through: [start, end) of the chapter's text, or, when the caller quoted words that are not there
 * (their copy is a moment old, or a reader's view without the writer's notes), the occurrence of
 * the quote nearest `start` (decision 0492).
 */
export async function placeStretch(trx: Transaction<DB>, principal: Principal, book: BookAccess & { id: string }, action: BookAction, stretch: NamedStretch): Promise<Anchor> {
  const chapter = await trx.selectFrom("Chapter").select(["content", "deletedAt", "releasedAt"]).where("id", "=", stretch.chapterId).where("bookId", "=", book.id).executeTakeFirst();
  if (!chapter) throw new AppError("not_found", "This book has no chapter with this id.");
  if (chapter.deletedAt) throw chapterInTrash({ bookId: book.id, chapterId: stretch.chapterId });
  assertCan(principal, action, book, chapter);
  const { start, end, quote } = stretch;
  const text = chapter.content;
  if (quote === undefined || text.slice(start, end) === quote) {
    if (end > text.length) throw refusedStretch("end", `must be at most ${text.length}, the length of the chapter's text`);
    return anchorAt(text, start, end);
  }
  const found = findQuote(text, { quote, prefix: "", suffix: "" }, start);
  if (!found) throw refusedStretch("quote", "is not in the chapter's text (the words may have been changed since)");
  return found;
}

export function refusedStretch(path: string, message: string): AppError {
  return new AppError("validation_failed", `${path} ${message}.`, [{ path, message }]);
}
