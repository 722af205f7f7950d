import Table from "cli-table3";
import { writeJson } from "./json-output";

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

/** Colour only for a person at a terminal who has not asked for none (https://no-color.org). */
function colourful(): boolean {
  return Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
}

// East Asian wide characters take two columns and combining marks none. These ranges cover the
// scripts books are written in; a rarer character misjudged only moves where a column wraps.
const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;
const MARK = /\p{M}/u;

function characterWidth(character: string): number {
  if (MARK.test(character)) return 0;
  return WIDE.test(character) ? 2 : 1;
}

function displayWidth(text: string): number {
  let width = 0;
  for (const character of text) width += characterWidth(character);
  return width;
}

/** A word wider than the column, in pieces that fit. */
function pieces(word: string, width: number): string[] {
  const parts: string[] = [];
  let part = "";
  let used = 0;
  for (const character of word) {
    const w = characterWidth(character);
    if (used + w > width && part) {
      parts.push(part);
      part = "";
      used = 0;
    }
    part += character;
    used += w;
  }
  parts.push(part);
  return parts;
}

/** Text broken into lines of at most `width` columns, between words where it can be. */
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    let used = 0;
    for (const word of paragraph.split(" ")) {
      for (const [i, piece] of pieces(word, width).entries()) {
        const w = displayWidth(piece);
        const gap = used > 0 && i === 0 ? 1 : 0;
        if (used > 0 && used + gap + w > width) {
          lines.push(line);
          line = "";
          used = 0;
        } else if (gap) {
          line += " ";
          used += 1;
        }
        line += piece;
        used += w;
      }
    }
    lines.push(line);
  }
  return lines.join("\n");
}

const PADDING = 2;
const NARROWEST = 6;
const NARROWEST_PROSE = 14;

/** The width of a table of columns this wide: their widths and a border between and around them. */
const tableWidth = (widths: number[], columns: number[]) => columns.reduce((sum, i) => sum + widths[i]!, 0) + columns.length + 1;

/** Takes a column at a time off the widest of `columns` until the table fits or they reach `floor`. */
function narrow(widths: number[], shown: number[], columns: number[], floor: number, available: number): void {
  while (columns.length > 0 && tableWidth(widths, shown) > available) {
    const widest = columns.reduce((best, i) => (widths[i]! > widths[best]! ? i : best), columns[0]!);
    if (widths[widest]! <= floor) return;
    widths[widest] = widths[widest]! - 1;
  }
}

interface Fit {
  /** widths of every column, padding included */
  widths: number[];
  /** the columns shown, in order */
  shown: number[];
}

/**
 * Column widths (padding included) and the columns that fit the table in `available` columns, or
 * null when it fits as it is. Prose (titles, descriptions: cells with spaces) gives way first, as
 * gh does; then the last columns are left out, one at a time from the right (a list's columns go
 * from most to least needed, its id first), rather than break an id or a date over lines: a UUID
 * cut into six pieces can be neither read nor copied. Only a table whose first column alone is
 * too wide, or a record's two columns, wrap whatever they hold.
 */
function fitWidths(head: string[] | null, rows: string[][], available: number): Fit | null {
  const all = head ? [head, ...rows] : rows;
  const widths = all[0]!.map((_, i) => PADDING + Math.max(...all.map((row) => Math.max(...row[i]!.split("\n").map(displayWidth)))));
  const shown = widths.map((_, i) => i);
  if (tableWidth(widths, shown) <= available) return null;
  narrow(widths, shown, shown.filter((i) => rows.some((row) => row[i]!.includes(" "))), NARROWEST_PROSE, available);
  while (head && shown.length > 1 && tableWidth(widths, shown) > available) shown.pop();
  narrow(widths, shown, shown, NARROWEST, available);
  return { widths, shown };
}

/**
 * A table. On a terminal: box-drawn, as wide as the terminal at most (prose wraps, columns that do
 * not fit are left out and named under it), coloured unless NO_COLOR. Piped: as gh does, one line
 * per row, cells separated by tabs, no box, and no heading unless `pipedHead` (a report read as a
 * document needs its headings; a list for cut, awk and sort does not).
 */
export function renderTable(head: string[] | null, rows: string[][], pipedHead = false): string {
  if (!process.stdout.isTTY) {
    const lines = pipedHead && head ? [head, ...rows] : rows;
    return lines.map((row) => row.map((c) => c.replace(/[\t\r\n]+/g, " ")).join("\t")).join("\n");
  }
  const style = colourful() ? {} : { head: [], border: [] };
  const fit = (head ?? rows[0]) && process.stdout.columns > 0 ? fitWidths(head, rows, process.stdout.columns) : null;
  // Wrapped here, by display width: cli-table3 counts a wide character as one and would cut it off.
  const shape = (row: string[]) => (fit ? fit.shown.map((i) => wrap(row[i]!, fit.widths[i]! - PADDING)) : row);
  const table = new Table({ ...(head && { head: shape(head) }), style, ...(fit && { colWidths: fit.shown.map((i) => fit.widths[i]!) }) });
  table.push(...rows.map(shape));
  const left = fit && head ? head.filter((_, i) => !fit.shown.includes(i)) : [];
  if (left.length === 0) return table.toString();
  return `${table.toString()}\n${wrap(`left out at this width: ${left.join(", ")} (a wider terminal, or --json, shows them)`, process.stdout.columns)}`;
}

/** A remark about the output (how much more there is, that there is none): on a pipe it goes to stderr, so stdout holds only data. */
export function printNote(text: string): void {
  (process.stdout.isTTY ? process.stdout : process.stderr).write(`${text}\n`);
}

/** JSON for scripts: the fields --json named, filtered by --jq when given. */
export function printJson(value: unknown): void {
  writeJson(value);
}

/** Rows as a table, or the rows themselves with --json. */
export function printRows<T>(json: boolean, rows: T[], columns: Column<T>[], empty = "nothing to show"): void {
  if (json) return printJson(rows);
  printTable(rows, columns, empty);
}

/** Rows as a table; `empty` when there are none. */
export function printTable<T>(rows: T[], columns: Column<T>[], empty: string): void {
  if (rows.length === 0) return printNote(empty);
  const text = renderTable(
    columns.map((c) => c.heading),
    rows.map((row) => columns.map((c) => cell(c.value(row)))),
  );
  process.stdout.write(`${text}\n`);
}

/** One record as a two-column table of its fields, or the record itself with --json. */
export function printRecord(json: boolean, record: unknown, fields?: string[]): void {
  if (json) return printJson(record);
  const entries = Object.entries((record ?? {}) as Record<string, unknown>).filter(([key]) => !fields || fields.includes(key));
  process.stdout.write(`${renderTable(null, entries.map(([key, value]) => [key, cell(value)]))}\n`);
}

/** A sentence for people, or a JSON value for scripts. */
export function printResult(json: boolean, value: unknown, sentence: string): void {
  if (json) printJson(value);
  else process.stdout.write(`${sentence}\n`);
}
