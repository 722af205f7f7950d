import { sql } from "../db";

/** A book's chapters in order, with their text: what a book search and a replace read. */
export function bookChapters(bookId: string) {
  return sql
    .selectFrom("Chapter")
    .select(["id", "title", "position", "version", "content"])
    .where("bookId", "=", bookId)
    .where("deletedAt", "is", null)
    .orderBy("position")
    .execute();
}
