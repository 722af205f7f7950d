import { bookIdParams } from "../../books/schemas";
import { getPlotGrid } from "../../plot-grid/get-plot-grid";
import { plotCellParams, plotCellSchema, plotGridSchema, setPlotCellInput } from "../../plot-grid/schemas";
import { setPlotCell } from "../../plot-grid/set-plot-cell";
import { defineEndpoint } from "../endpoint";

// The plot grid: plotlines × chapters, read from the plan, with the writer's cell notes (issue 35 item 3, decision 0506).

// GET /api/v1/books/{bookId}/plot-grid — rows of plotlines, columns of chapters, the cells that hold something
export const getPlotGridEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/plot-grid",
  summary:
    "The plot grid: the book's plotlines (rows, in order) × its chapters (columns, reading order, grouped by part); each cell the chapter's scenes whose plan carries the plotline, whether the chapter's own plan does, and the writer's note. `editable` says whether the caller may write the notes",
  operation: "plotGrid.get",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the grid", schema: plotGridSchema },
  errors: ["book_in_trash", "gone"],
  run: getPlotGrid,
});

// PUT /api/v1/books/{bookId}/plot-grid/{plotlineId}/{chapterId} — the note in one cell
export const setPlotCellEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/v1/books/{bookId}/plot-grid/{plotlineId}/{chapterId}",
  summary:
    "Write the note of one cell (a plotline in a chapter), replacing it; an empty note deletes it. A plotline or chapter the book does not have: 404; a chapter in the trash: 404 chapter_in_trash; a note over 2,000 characters: 422",
  operation: "plotGrid.setCell",
  auth: "required",
  params: plotCellParams,
  body: { schema: setPlotCellInput },
  writableAttributes: Object.keys(setPlotCellInput.shape),
  success: { status: 201, description: "the cell's note as saved", schema: plotCellSchema },
  errors: ["chapter_in_trash", "book_in_trash", "gone"],
  run: setPlotCell,
});
