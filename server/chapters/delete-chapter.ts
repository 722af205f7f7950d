import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { addToBookTotals } from "../books/access";
import { sql } from "../db";
import { AppError } from "../errors";
import { loadChapter } from "./load-chapter";

// DELETE /api/v1/books/{bookId}/chapters/{chapterId} — the chapters after it move up one place.
export async function deleteChapter(input: { bookId: string; chapterId: string }, principal: Principal): Promise<void> {
  authorize(principal, "chapters.delete");
  const chapter = await loadChapter(principal, input, { forWriting: true, withContent: false });
  await sql.transaction().execute(async (trx) => {
    // The row as it stood when deleted: a save may have changed its count since it was read.
    const deleted = await trx.deleteFrom("Chapter").where("id", "=", chapter.id).returning(["wordCount", "position"]).executeTakeFirst();
    if (!deleted) throw new AppError("not_found", "This chapter was already deleted.");
    await trx
      .updateTable("Chapter")
      .set((eb) => ({ position: eb("position", "-", 1) }))
      .where("bookId", "=", chapter.bookId)
      .where("position", ">", deleted.position)
      .execute();
    await addToBookTotals(trx, chapter.bookId, { words: -deleted.wordCount, chapters: -1 });
  });
}
