import Table from "cli-table3";

export interface Column<T> {
  heading: string;
  value: (row: T) => unknown;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(cell).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

// Colours only for a terminal: piped tables must stay plain text.
const style = () => (process.stdout.isTTY ? {} : { head: [], border: [] });

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Rows as a table, or the rows themselves with --json. */
export function printRows<T>(json: boolean, rows: T[], columns: Column<T>[], empty = "nothing to show"): void {
  if (json) return printJson(rows);
  if (rows.length === 0) {
    process.stdout.write(`${empty}\n`);
    return;
  }
  const table = new Table({ head: columns.map((c) => c.heading), style: style() });
  for (const row of rows) table.push(columns.map((c) => cell(c.value(row))));
  process.stdout.write(`${table.toString()}\n`);
}

/** One record as a two-column table of its fields, or the record itself with --json. */
export function printRecord(json: boolean, record: unknown, fields?: string[]): void {
  if (json) return printJson(record);
  const entries = Object.entries((record ?? {}) as Record<string, unknown>).filter(([key]) => !fields || fields.includes(key));
  const table = new Table({ style: style() });
  for (const [key, value] of entries) table.push({ [key]: cell(value) });
  process.stdout.write(`${table.toString()}\n`);
}

/** A sentence for people, or a JSON value for scripts. */
export function printResult(json: boolean, value: unknown, sentence: string): void {
  if (json) printJson(value);
  else process.stdout.write(`${sentence}\n`);
}
