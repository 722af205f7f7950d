import { Option, type Command } from "commander";
import type { z } from "zod";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from "../server/collections";
import type { ApiClient, Query } from "./client";
import { CliError } from "./errors";
import { fieldsSelected } from "./json-output";
import { printJson, printNote, printTable, type Column } from "./output";

export interface PageOptions {
  page?: string;
  perPage?: string;
  sort?: string;
  order?: string;
  limit?: number;
  all?: boolean;
}

function wholeNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`--limit takes a whole number from 1, not ${value}`);
  return n;
}

/** The collection options every list takes (docs/api.md, "Collections"), and --limit/--all across pages. */
export function pageOptions(command: Command): Command {
  return command
    .option("--page <n>", "page number, from 1")
    .option("--per-page <n>", `items per page (at most ${MAX_PER_PAGE})`)
    .addOption(new Option("--limit <n>", "at most this many, read over as many pages as it takes").argParser(wholeNumber).conflicts("all"))
    .option("--all", "every one, following the pages to the end")
    .option("--sort <field>", "sort by this attribute")
    .option("--order <order>", "asc or desc");
}

/**
 * What a list prints with --json: the items and where they sit in the whole collection.
 * `nextPage` is the page after the last one read, at `perPage` (null when none is left).
 */
interface Listing<T> {
  items: T[];
  total: number | null;
  page: number;
  perPage: number;
  nextPage: number | null;
}

/**
 * Reads a collection: one page, or with --limit/--all as many as it takes, following each
 * answer's Link rel="next" (which keeps the filters and the sort).
 */
export async function readListing<T>(client: ApiClient, path: string, query: Query, schema: z.ZodType<T>, options: PageOptions): Promise<Listing<T>> {
  const many = options.all || options.limit !== undefined;
  const perPage = options.perPage ?? String(many ? Math.min(options.limit ?? MAX_PER_PAGE, MAX_PER_PAGE) : DEFAULT_PER_PAGE);
  const page = Number(options.page ?? 1);
  let answer = await client.page(path, { ...query, page: options.page, per_page: perPage, sortby: options.sort, order: options.order }, schema);
  const items = [...answer.items];
  let last = page;
  while (many && answer.next && answer.items.length > 0 && (options.limit === undefined || items.length < options.limit)) {
    answer = await client.page(answer.next, {}, schema);
    items.push(...answer.items);
    last += 1;
  }
  const shown = options.limit === undefined ? items : items.slice(0, options.limit);
  return { items: shown, total: answer.total, page, perPage: Number(perPage), nextPage: answer.next ? last + 1 : null };
}

/** A listing as a table with a line on how to see more, or as JSON. */
export function printListing<T>(json: boolean, listing: Listing<T>, columns: Column<T>[], empty: string, options: PageOptions): void {
  // With fields named, the items alone, as gh prints a list; --json alone keeps where they sit in the whole.
  if (json) return printJson(fieldsSelected() ? listing.items : listing);
  printTable(listing.items, columns, empty);
  const { items, total, nextPage, perPage } = listing;
  if (total === null || items.length === 0) return;
  if (options.all || options.limit !== undefined) {
    if (items.length < total) printNote(`${items.length} of ${total} shown; --all for every one`);
  } else if (nextPage !== null) {
    const size = perPage === DEFAULT_PER_PAGE ? "" : ` --per-page ${perPage}`;
    printNote(`${items.length} of ${total} shown; --page ${nextPage}${size} for more, --all for every one`);
  }
}
