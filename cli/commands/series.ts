import type { Command } from "commander";
import { createSeriesInput, patchSeriesInput, seriesSchema, type SeriesDto } from "../../server/bible/schemas";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { jsonFields } from "../json-output";
import { printRecord, printResult } from "../output";
import { pageOptions, printListing, readListing, type PageOptions } from "../paging";

const seriesPath = (id: string) => `/api/v1/series/${encodeURIComponent(id)}`;
const ids = (list: string) => list.split(",").map((id) => id.trim()).filter(Boolean);
const readingOrder = (series: SeriesDto) => series.books.map((b) => `${b.position}. ${b.title}`).join("; ");

interface SeriesFields {
  title?: string;
  description?: string;
  books?: string;
}

export function registerSeries(program: Command): void {
  const series = program.command("series").description("series of your books: their books in reading order share the series' bible entries");

  pageOptions(jsonFields(series.command("list").description("your series, by title"), seriesSchema)).action(async (options: PageOptions, command: Command) => {
    const { client, json } = context(command);
    const listing = await readListing(client, "/api/v1/series", {}, seriesSchema, options);
    printListing<SeriesDto>(json, listing, [
      { heading: "id", value: (s) => s.id },
      { heading: "title", value: (s) => s.title },
      { heading: "books", value: readingOrder },
      { heading: "entries", value: (s) => s.entryCount },
      { heading: "updated", value: (s) => s.updatedAt },
    ], "no series yet — inkstone series create --title … --books <bookId>,<bookId>", options);
  });

  jsonFields(series.command("show <seriesId>"), seriesSchema)
    .description("one series and its books")
    .action(async (seriesId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const found = await client.data("GET", seriesPath(seriesId), {}, seriesSchema);
      if (json) return printRecord(true, found);
      printRecord(false, { id: found.id, title: found.title, description: found.description, books: readingOrder(found), entries: found.entryCount, updated: found.updatedAt });
    });

  series
    .command("create")
    .description("a new series")
    .requiredOption("--title <title>", "its title")
    .option("--description <text>", "a description")
    .option("--books <ids>", "its books in reading order, comma-separated (a book leaves any other series)")
    .action(async (options: SeriesFields, command: Command) => {
      const { client, json } = context(command);
      const body = checkInput(createSeriesInput, { title: options.title ?? "", description: options.description, bookIds: options.books === undefined ? undefined : ids(options.books) });
      const created = await client.data("POST", "/api/v1/series", { json: body }, seriesSchema);
      printResult(json, created, `Created series "${created.title}" (${created.id}) of ${created.books.length} books.`);
    });

  series
    .command("update <seriesId>")
    .description("change a series' title, description or books")
    .option("--title <title>", "a new title")
    .option("--description <text>", "a new description")
    .option("--books <ids>", "the whole list of its books in reading order, comma-separated (\"\" for none)")
    .action(async (seriesId: string, options: SeriesFields, command: Command) => {
      const { client, json } = context(command);
      const changes = {
        ...(options.title !== undefined && { title: options.title }),
        ...(options.description !== undefined && { description: options.description }),
        ...(options.books !== undefined && { bookIds: ids(options.books) }),
      };
      if (Object.keys(changes).length === 0) throw new CliError("name something to change: --title, --description or --books");
      const updated = await client.data("PATCH", seriesPath(seriesId), { json: checkInput(patchSeriesInput, changes) }, seriesSchema);
      printResult(json, updated, `Updated series "${updated.title}" (${updated.id}).`);
    });

  series
    .command("delete <seriesId>")
    .description("delete a series and its own entries; its books stay")
    .action(async (seriesId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      await client.data("DELETE", seriesPath(seriesId));
      printResult(json, { id: seriesId, deleted: true }, `Deleted series ${seriesId}; its books stay.`);
    });
}
