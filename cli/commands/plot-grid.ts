import type { Command } from "commander";
import { plotCellSchema, plotGridSchema, setPlotCellInput, type PlotGridDto } from "../../server/plot-grid/schemas";
import type { ApiClient } from "../client";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { printResult, printRows } from "../output";
import { sceneTitle } from "../scene-title";

// The plot grid, issue 35 item 3 (decision 0506): plotlines × chapters, each cell the scenes (and
// chapter) whose plan carries the plotline, and the writer's note.
const gridPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}/plot-grid`;

function readGrid(client: ApiClient, bookId: string): Promise<PlotGridDto> {
  return client.data("GET", gridPath(bookId), {}, plotGridSchema);
}

/** A plotline named by its id or its name (case aside). */
function plotlineOf(grid: PlotGridDto, which: string, bookId: string) {
  const found = grid.plotlines.find((p) => p.id === which) ?? grid.plotlines.find((p) => p.name.toLowerCase() === which.toLowerCase());
  if (!found) throw new CliError(`this book has no plotline ${which}; inkstone plotlines ${bookId} lists them`);
  return found;
}

/** A chapter named by its id, its number in reading order (1 for the first), or its title. */
function chapterOf(grid: PlotGridDto, which: string, bookId: string) {
  const found = grid.chapters.find((c) => c.id === which) ?? (/^\d+$/.test(which) ? grid.chapters[Number(which) - 1] : undefined) ?? grid.chapters.find((c) => c.title === which);
  if (!found) throw new CliError(`this book has no chapter ${which} (it has ${grid.chapters.length}); inkstone plot-grid ${bookId} shows them`);
  return found;
}

interface Row {
  plotline: string;
  chapter: string;
  carriedBy: string;
  note: string;
}

export function registerPlotGrid(program: Command): void {
  const plotGrid = program.command("plot-grid").description("a book's plot grid: plotlines × chapters, each cell the scenes that carry the plotline and a note");

  plotGrid
    .command("show <bookId>", { isDefault: true })
    .description("print the cells that hold something, plotline by plotline in chapter order (--json: the whole grid)")
    .action(async (bookId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const grid = await readGrid(client, bookId);
      if (json) return printResult(true, grid, "");
      const plotlines = new Map(grid.plotlines.map((p) => [p.id, p.name]));
      const chapters = new Map(grid.chapters.map((c) => [c.id, `${c.number}. ${c.title}`]));
      const rows: Row[] = grid.cells.map((cell) => ({
        plotline: plotlines.get(cell.plotlineId) ?? cell.plotlineId,
        chapter: chapters.get(cell.chapterId) ?? cell.chapterId,
        carriedBy: [...(cell.chapter ? ["the chapter"] : []), ...cell.scenes.map((s) => sceneTitle(s.title, s.position))].join(", "),
        note: cell.note,
      }));
      const empty = grid.plotlines.length === 0 ? `This book has no plotlines yet: inkstone plotlines add ${bookId} NAME` : "No plan carries a plotline yet and no cell has a note.";
      printRows<Row>(
        false,
        rows,
        [
          { heading: "plotline", value: (r) => r.plotline },
          { heading: "chapter", value: (r) => r.chapter },
          { heading: "carried by", value: (r) => r.carriedBy },
          { heading: "note", value: (r) => r.note },
        ],
        empty,
      );
    });

  plotGrid
    .command("set <bookId>")
    .description("write the note of one cell: a plotline (id or name) in a chapter (id, number or title); --note \"\" clears it")
    .requiredOption("--plotline <plotline>", "the plotline: its id or name")
    .requiredOption("--chapter <chapter>", "the chapter: its id, number in reading order, or title")
    .requiredOption("--note <text>", "what the plotline does in this chapter")
    .action(async (bookId: string, options: { plotline: string; chapter: string; note: string }, command: Command) => {
      const { client, json } = context(command);
      const body = checkInput(setPlotCellInput, { note: options.note });
      const grid = await readGrid(client, bookId);
      const plotline = plotlineOf(grid, options.plotline, bookId);
      const chapter = chapterOf(grid, options.chapter, bookId);
      const saved = await client.data("PUT", `${gridPath(bookId)}/${encodeURIComponent(plotline.id)}/${encodeURIComponent(chapter.id)}`, { json: body }, plotCellSchema);
      const where = `${plotline.name} in chapter ${chapter.number}. ${chapter.title}`;
      printResult(json, saved, saved.note === "" ? `Cleared the note of ${where}.` : `Saved the note of ${where}.`);
    });
}
