import type { Kysely, Transaction } from "kysely";
import type { Principal } from "../auth/principal";
import type { LoadedBook } from "../books/access";
import { can } from "../books/policy";
import type { DB } from "../generated/kysely/database";
import { groupBy } from "../group-by";
import { contentsOf } from "../parts/contents";
import { toPlotlineDto } from "../plan/named";
import { plansOf } from "../plan/plans";
import type { PlotGridCellDto, PlotGridDto } from "./schemas";

type Reader = Kysely<DB> | Transaction<DB>;

/**
 * The book's plot grid, read from the one plan (decision 0500) and the cell notes: a fixed number
 * of queries whatever the book's size. The columns are the chapters the caller may read (the
 * contents decide it: a beta reader sees the released ones), so a note on a chapter they may not
 * read is not shown to them either.
 */
export async function plotGridOf(db: Reader, book: LoadedBook, principal: Principal): Promise<PlotGridDto> {
  const [contents, plans, plotlines, scenes, notes] = await Promise.all([
    contentsOf(db, book, principal),
    plansOf(db, book.id),
    db.selectFrom("Plotline").selectAll().where("bookId", "=", book.id).orderBy("position").orderBy("createdAt").execute(),
    db.selectFrom("Scene").select(["id", "chapterId", "title", "position"]).where("bookId", "=", book.id).orderBy("chapterId").orderBy("position").execute(),
    db.selectFrom("PlotCell").select(["plotlineId", "chapterId", "note", "updatedAt"]).where("bookId", "=", book.id).execute(),
  ]);

  const parts: PlotGridDto["parts"] = [];
  const chapters: PlotGridDto["chapters"] = [];
  for (const entry of contents.entries) {
    if (entry.type === "chapter") chapters.push({ id: entry.chapter.id, title: entry.chapter.title, number: chapters.length + 1, partId: null });
    else {
      parts.push({ id: entry.part.id, title: entry.part.title });
      for (const chapter of entry.chapters) chapters.push({ id: chapter.id, title: chapter.title, number: chapters.length + 1, partId: entry.part.id });
    }
  }

  const cells = new Map<string, PlotGridCellDto>();
  const cellOf = (plotlineId: string, chapterId: string) => {
    const key = `${plotlineId}\u0000${chapterId}`;
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = { plotlineId, chapterId, chapter: false, scenes: [], note: "", updatedAt: null }));
    return cell;
  };
  const scenesByChapter = groupBy(scenes, (scene) => scene.chapterId);
  for (const chapter of chapters) {
    for (const plotlineId of plans.get(`chapter:${chapter.id}`)?.plotlineIds ?? []) cellOf(plotlineId, chapter.id).chapter = true;
    for (const scene of scenesByChapter.get(chapter.id) ?? []) {
      for (const plotlineId of plans.get(`scene:${scene.id}`)?.plotlineIds ?? []) cellOf(plotlineId, chapter.id).scenes.push({ id: scene.id, title: scene.title, position: scene.position });
    }
  }
  const shown = new Set(chapters.map((chapter) => chapter.id));
  for (const note of notes) {
    if (!shown.has(note.chapterId)) continue;
    const cell = cellOf(note.plotlineId, note.chapterId);
    cell.note = note.note;
    cell.updatedAt = new Date(note.updatedAt).toISOString();
  }

  // Rows, then columns: the order a table is read in, whatever order the maps were filled in.
  const row = new Map(plotlines.map((plotline, index) => [plotline.id, index]));
  const column = new Map(chapters.map((chapter, index) => [chapter.id, index]));
  const ordered = [...cells.values()].sort((a, b) => row.get(a.plotlineId)! - row.get(b.plotlineId)! || column.get(a.chapterId)! - column.get(b.chapterId)!);
  return { bookId: book.id, editable: can(principal, "editPlan", book), plotlines: plotlines.map(toPlotlineDto), parts, chapters, cells: ordered };
}
