import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { plotGridOf } from "./plot-grid";
import type { PlotGridDto } from "./schemas";

// GET /api/v1/books/{bookId}/plot-grid — plotlines × chapters, each cell its scenes and note
export async function getPlotGrid(input: { bookId: string }, principal: Principal): Promise<PlotGridDto> {
  authorize(principal, "plotGrid.get");
  const book = await loadBook(principal, input.bookId, "plotGrid.get");
  return plotGridOf(sql, book, principal);
}
