import { withRevisionText } from "../chapters/revision-text";
import { sql } from "../db";
import type { BookInput } from "./engine";

/**
 * A book's chapters as they stood at `asOf`, from the revisions every save keeps: for each chapter
 * that existed then (and was not yet in the trash), its latest kept revision at or before that
 * time, in the chapters' present order (positions are not versioned). Autosaves thin out as they
 * age, so an old time may fall back to the save before it. A chapter deleted for good has taken
 * its revisions with it.
 */
export async function chaptersAsOf(bookId: string, asOf: Date): Promise<BookInput["chapters"]> {
  const rows = await sql
    .selectFrom("Chapter as c")
    .innerJoin("ChapterRevision as r", "r.chapterId", "c.id")
    .select(["c.id", "r.title", "r.content", "r.compressedContent"])
    .where("c.bookId", "=", bookId)
    .where((eb) => eb.or([eb("c.deletedAt", "is", null), eb("c.deletedAt", ">", asOf)]))
    .where("r.createdAt", "<=", asOf)
    .where("r.version", "=", (eb) =>
      eb.selectFrom("ChapterRevision as k").select((k) => k.fn.max("k.version").as("v")).whereRef("k.chapterId", "=", "c.id").where("k.createdAt", "<=", asOf),
    )
    .orderBy("c.position")
    .orderBy("c.createdAt")
    .execute();
  return Promise.all(rows.map(withRevisionText));
}
