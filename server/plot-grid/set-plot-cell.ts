import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { chapterInTrash } from "../chapters/load-chapter";
import { AppError } from "../errors";
import { newId } from "../sql/values";
import type { PlotCellDto, SetPlotCellInput } from "./schemas";

/**
 * PUT /api/v1/books/{bookId}/plot-grid/{plotlineId}/{chapterId} — the note in one cell, replaced
 * whole. An empty note (or only spaces) deletes the row: no row is the empty note, so a grid the
 * writer never wrote in stores nothing. A plotline or chapter the book does not have is 404 (they
 * name the resource, as any path does); a chapter in the trash 404 chapter_in_trash.
 */
export async function setPlotCell(input: { bookId: string; plotlineId: string; chapterId: string } & SetPlotCellInput, principal: Principal): Promise<PlotCellDto> {
  authorize(principal, "plotGrid.setCell");
  const book = await loadBook(principal, input.bookId, "plotGrid.setCell");
  const note = input.note.trim() === "" ? "" : input.note;
  return bookTransaction(book.id, async (trx) => {
    const [plotline, chapter] = await Promise.all([
      trx.selectFrom("Plotline").select("id").where("id", "=", input.plotlineId).where("bookId", "=", book.id).executeTakeFirst(),
      trx.selectFrom("Chapter").select(["id", "deletedAt"]).where("id", "=", input.chapterId).where("bookId", "=", book.id).executeTakeFirst(),
    ]);
    if (!plotline) throw new AppError("not_found", "This book has no plotline with this id.");
    if (!chapter) throw new AppError("not_found", "This book has no chapter with this id.");
    if (chapter.deletedAt) throw chapterInTrash({ bookId: book.id, chapterId: chapter.id }, "This chapter is in the book's trash; restore it to write in its cells.");

    const cell = trx.selectFrom("PlotCell").select("id").where("plotlineId", "=", plotline.id).where("chapterId", "=", chapter.id);
    const stored = await cell.executeTakeFirst();
    const answer = { bookId: book.id, plotlineId: plotline.id, chapterId: chapter.id };
    if (note === "") {
      if (stored) await trx.deleteFrom("PlotCell").where("id", "=", stored.id).execute();
      return { ...answer, note: "", updatedAt: null };
    }
    const now = new Date();
    if (stored) await trx.updateTable("PlotCell").set({ note, updatedAt: now }).where("id", "=", stored.id).execute();
    else await trx.insertInto("PlotCell").values({ id: newId(), ...answer, note, createdAt: now, updatedAt: now }).execute();
    return { ...answer, note, updatedAt: now.toISOString() };
  });
}
