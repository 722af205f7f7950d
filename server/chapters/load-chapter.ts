import type { Principal } from "../auth/principal";
import { loadBook } from "../books/access";
import { db } from "../db";
import { AppError } from "../errors";
import { chapterSelect } from "./schemas";

/** A chapter of a book the principal may act on (see loadBook for the book's checks). */
export async function loadChapter(
  principal: Principal,
  ids: { bookId: string; chapterId: string },
  options: { forWriting?: boolean } = {},
) {
  await loadBook(principal, ids.bookId, options);
  const chapter = await db.chapter.findFirst({ where: { id: ids.chapterId, bookId: ids.bookId }, select: chapterSelect });
  if (!chapter) throw new AppError("not_found", "This book has no chapter with this id.");
  return chapter;
}
