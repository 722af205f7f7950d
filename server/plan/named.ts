import type { Transaction } from "kysely";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import { MAX_NAMED_PER_BOOK, PLAN_PALETTE, type LabelDto, type PlotlineDto } from "./schemas";

/**
 * What plotlines and labels share (decision 0500): a name unique in the book, compared as a reader
 * would (case and width folded: "Romance" and "romance", "ＡＢ" and "AB" are one name), and a
 * colour, given or taken in turn from the palette.
 */

export function nameKey(name: string): string {
  return name.normalize("NFKC").toLowerCase();
}

/** 409 name_taken when another of the book's plotlines (or labels) has this name. */
export function refuseTakenName(what: "plotline" | "label", existing: { id: string; name: string }[], name: string, exceptId?: string): void {
  const holder = existing.find((row) => row.id !== exceptId && nameKey(row.name) === nameKey(name));
  if (holder) throw new AppError("name_taken", `This book already has a ${what} called "${holder.name}".`, { path: "name", [`${what}Id`]: holder.id });
}

/** 422 when the book already has as many as it may. */
export function refuseWhenFull(what: "plotlines" | "labels", count: number): void {
  if (count >= MAX_NAMED_PER_BOOK) throw new AppError("validation_failed", `A book has at most ${MAX_NAMED_PER_BOOK} ${what}.`, [{ path: "name", message: `at most ${MAX_NAMED_PER_BOOK} ${what}` }]);
}

export function nextColour(count: number): string {
  return PLAN_PALETTE[count % PLAN_PALETTE.length]!;
}

type NamedRow = { id: string; bookId: string; name: string; colour: string; createdAt: Date; updatedAt: Date };

export function toPlotlineDto(row: NamedRow & { position: number }): PlotlineDto {
  return { id: row.id, bookId: row.bookId, name: row.name, colour: row.colour, position: row.position, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export function toLabelDto(row: NamedRow): LabelDto {
  return { id: row.id, bookId: row.bookId, name: row.name, colour: row.colour, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The book's plotlines in order (inside a write, to check names and places). */
export function plotlinesOf(trx: Transaction<DB>, bookId: string) {
  return trx.selectFrom("Plotline").selectAll().where("bookId", "=", bookId).orderBy("position").orderBy("createdAt").execute();
}

export function labelsOf(trx: Transaction<DB>, bookId: string) {
  return trx.selectFrom("Label").selectAll().where("bookId", "=", bookId).orderBy("name").execute();
}
