import type { Kysely, Transaction } from "kysely";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import { chaptersOf, entriesOf, partsOf, type OrderEntry } from "./contents-tree";

/**
 * The one way the order of a book's chapters and parts is written (decision 0488): a reorder of
 * chapters, of parts, a chapter moved into or out of a part all become a new tree of entries that
 * names every chapter out of the trash and every part once, written here with the book's order
 * version raised. A trashed chapter, or a chapter or part of another book, is not in the book's
 * order, so naming one is refused like any chapter the order does not hold.
 */

type Reader = Kysely<DB> | Transaction<DB>;

/** The book's order as stored: chapters out of the trash in reading order, parts by rank. */
export async function storedOrder(db: Reader, bookId: string) {
  const [chapters, parts] = await Promise.all([
    db.selectFrom("Chapter").select(["id", "partId"]).where("bookId", "=", bookId).where("deletedAt", "is", null).orderBy("position").orderBy("createdAt").execute(),
    db.selectFrom("Part").select(["id"]).where("bookId", "=", bookId).orderBy("position").orderBy("createdAt").execute(),
  ]);
  return { chapters, parts };
}

/** Refuses a change made against another order version than the book's (409): nothing is written. */
export async function checkOrderVersion(trx: Transaction<DB>, bookId: string, given: number | undefined): Promise<void> {
  if (given === undefined) return;
  const book = await trx.selectFrom("Book").select("orderVersion").where("id", "=", bookId).executeTakeFirstOrThrow();
  if (book.orderVersion !== given) {
    throw new AppError("version_conflict", "The book's order changed since you read it; read its contents again and redo the move.", {
      orderVersion: book.orderVersion,
    });
  }
}

export async function raiseOrderVersion(trx: Transaction<DB>, bookId: string): Promise<void> {
  await trx.updateTable("Book").set((eb) => ({ orderVersion: eb("orderVersion", "+", 1) })).where("id", "=", bookId).execute();
}

/** Writes a new order after checking that it names every chapter and part of the book exactly once. */
export async function writeOrder(trx: Transaction<DB>, bookId: string, entries: OrderEntry[]): Promise<void> {
  const stored = await storedOrder(trx, bookId);
  const chapters = chaptersOf(entries).map((c) => c.id);
  const parts = partsOf(entries);
  refuseUnlessEvery("chapter", chapters, stored.chapters.map((c) => c.id), "entries");
  refuseUnlessEvery("part", parts, stored.parts.map((p) => p.id), "entries");
  await writeEntries(trx, bookId, stored, entries);
}

/**
 * Brings a stored order back to a tree (see entriesOf): after a chapter comes back from the trash
 * into the place it left, which may now lie inside another part's chapters.
 */
export async function settleOrder(trx: Transaction<DB>, bookId: string): Promise<void> {
  const stored = await storedOrder(trx, bookId);
  await writeEntries(trx, bookId, stored, entriesOf(stored));
}

/** Only the rows whose place or part changed are written: a move touches a few rows, not the book. */
async function writeEntries(trx: Transaction<DB>, bookId: string, stored: Awaited<ReturnType<typeof storedOrder>>, entries: OrderEntry[]): Promise<void> {
  const was = new Map(stored.chapters.map((c, index) => [c.id, { position: index + 1, partId: c.partId }]));
  for (const [index, chapter] of chaptersOf(entries).entries()) {
    const before = was.get(chapter.id);
    if (before && before.position === index + 1 && before.partId === chapter.partId) continue;
    await trx.updateTable("Chapter").set({ position: index + 1, partId: chapter.partId }).where("id", "=", chapter.id).where("bookId", "=", bookId).execute();
  }
  // Every part's rank, written whole: a book has few parts.
  for (const [index, partId] of partsOf(entries).entries()) {
    await trx.updateTable("Part").set({ position: index + 1 }).where("id", "=", partId).where("bookId", "=", bookId).execute();
  }
  await raiseOrderVersion(trx, bookId);
}

function refuseUnlessEvery(what: "chapter" | "part", given: string[], known: string[], path: string): void {
  const held = new Set(known);
  const named = new Set(given);
  if (named.size === given.length && named.size === held.size && given.every((id) => held.has(id))) return;
  const strangers = given.filter((id) => !held.has(id));
  const missing = known.filter((id) => !named.has(id));
  const message = [
    `expected each of the book's ${held.size} ${what}s once`,
    strangers.length > 0 && `not ${what}s of this book (or in its trash): ${strangers.slice(0, 5).join(", ")}`,
    missing.length > 0 && `missing: ${missing.slice(0, 5).join(", ")}`,
    named.size !== given.length && "some named twice",
  ]
    .filter(Boolean)
    .join("; ");
  throw new AppError("validation_failed", `The new order must name every ${what} of this book exactly once.`, [{ path, message }]);
}
