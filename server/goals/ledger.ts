import type { Transaction } from "kysely";
import type { DB } from "../generated/kysely/database";
import { dbTime } from "../sql/values";
import type { WordChange } from "../text/word-change";
import { dayIn } from "./calendar";

/** What one accepted change adds to the writer's day. */
export interface LedgerEntry {
  written: number;
  removed: number;
  imported: number;
  restored: number;
}

/**
 * A save adding more words than this at once is a paste (from notes, another file, a chat with an
 * editor) and counts as imported: a manuscript page is about 250 words, and nobody types a page
 * between two autosaves.
 */
export const PASTE_WORDS = 250;

/** How a change of a chapter's text counts: typed, pasted, or brought back by a restore. */
export function ledgerEntry(change: WordChange, source: "save" | "restore" | "import"): LedgerEntry {
  const entry = { written: 0, removed: change.removed, imported: 0, restored: 0 };
  if (source === "restore") entry.restored = change.added;
  else if (source === "import" || change.added > PASTE_WORDS) entry.imported = change.added;
  else entry.written = change.added;
  return entry;
}

/**
 * Adds an accepted change to the writer's day for the book, inside the transaction that made the
 * change, after the book's totals: a refused save never gets here, and the day's row ends with the
 * book's count as that change left it. One row per writer, book and day of the writer's zone, so
 * every device adds to the same total.
 */
export async function addToLedger(trx: Transaction<DB>, change: { userId: string; bookId: string; at: Date } & LedgerEntry): Promise<void> {
  const { userId, bookId, at, written, removed, imported, restored } = change;
  if (written === 0 && removed === 0 && imported === 0 && restored === 0) return;
  const writer = await trx.selectFrom("User").select("timeZone").where("id", "=", userId).executeTakeFirst();
  if (!writer) return;
  const bookWords = trx.selectFrom("Book").select("wordCount").where("id", "=", bookId);
  const updatedAt = dbTime(at);
  await trx
    .insertInto("WritingDay")
    .values({ userId, bookId, day: dayIn(writer.timeZone, at), written, removed, imported, restored, wordCount: bookWords, updatedAt })
    .onConflict((conflict) =>
      conflict.columns(["userId", "day", "bookId"]).doUpdateSet((eb) => ({
        written: eb("WritingDay.written", "+", written),
        removed: eb("WritingDay.removed", "+", removed),
        imported: eb("WritingDay.imported", "+", imported),
        restored: eb("WritingDay.restored", "+", restored),
        wordCount: bookWords,
        updatedAt,
      })),
    )
    .execute();
}
