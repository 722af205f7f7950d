import type { SelectQueryBuilder } from "kysely";

/** How many rows a query's FROM and WHERE match: a list's total, from the list's own conditions. */
export async function countOf<DB, TB extends keyof DB, O>(matching: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await matching
    .clearSelect()
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  // A number on SQLite, a bigint's text on PostgreSQL.
  return Number((row as { count: number | string }).count);
}
