import type { Command } from "commander";

export interface PageOptions {
  page?: string;
  perPage?: string;
  sort?: string;
  order?: string;
}

/** The collection options every list takes (docs/api.md, "Collections"). */
export function pageOptions(command: Command): Command {
  return command
    .option("--page <n>", "page number, from 1")
    .option("--per-page <n>", "items per page (at most 100)")
    .option("--sort <field>", "sort by this attribute")
    .option("--order <order>", "asc or desc");
}

export function pageQuery(options: PageOptions) {
  return { page: options.page, per_page: options.perPage, sortby: options.sort, order: options.order };
}

/** "20 of 45 (page 1; --page 2 for more)" under a table, when there is more. */
export function printTotal(shown: number, total: number | null, options: PageOptions): void {
  if (total === null || total <= shown) return;
  const page = Number(options.page ?? 1);
  process.stdout.write(`${shown} of ${total} (page ${page}; --page ${page + 1} for more)\n`);
}
