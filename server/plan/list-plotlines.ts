import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { toPlotlineDto } from "./named";
import type { PlotlineDto } from "./schemas";

// GET /api/v1/books/{bookId}/plotlines — the book's plotlines (主线, subplots) in order
export async function listPlotlines(input: { bookId: string }, principal: Principal): Promise<PlotlineDto[]> {
  authorize(principal, "plotlines.list");
  const book = await loadBook(principal, input.bookId, "plotlines.list");
  const rows = await sql.selectFrom("Plotline").selectAll().where("bookId", "=", book.id).orderBy("position").orderBy("createdAt").execute();
  return rows.map(toPlotlineDto);
}
