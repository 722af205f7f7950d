import type { Transaction } from "kysely";
import { memberRolesThatMay } from "../auth/book-roles";
import type { DB } from "../generated/kysely/database";
import { notify } from "../inbox/notify";
import { foreshadowingColumns, readingOrderOf, statusOf } from "./foreshadowings";

/** A chapter as a text change left it, as far as overdue foreshadowing cares: did it just get its first words? */
export interface WordsWritten {
  wordCountBefore: number;
  wordCountAfter: number;
}

/**
 * Tells the book's writers in the inbox of each foreshadowing the change made overdue (decision
 * 0508), once per foreshadowing, in the change's transaction. Overdue is derived from how far the
 * book is written (decision 0501: the last chapter holding text), and that moves forward only when
 * a chapter goes from no words to some: so a change in which no chapter got its first words costs
 * nothing here, and an ordinary save of a chapter already written never reads the book's order.
 * `overdueToldAt` keeps it to one item per foreshadowing however many saves follow; a new deadline
 * or a reopened foreshadowing clears it (update-foreshadowing.ts), so it can be told again.
 */
export async function tellOverdueForeshadowings(trx: Transaction<DB>, change: { bookId: string; authorId: string; chapters: readonly WordsWritten[] }, at: Date): Promise<void> {
  if (!change.chapters.some((c) => c.wordCountBefore === 0 && c.wordCountAfter > 0)) return;
  const untold = await trx
    .selectFrom("Foreshadowing")
    .select(foreshadowingColumns)
    .where("bookId", "=", change.bookId)
    .where("state", "=", "planted")
    .where("overdueToldAt", "is", null)
    .where((eb) => eb.or([eb("deadlineChapterId", "is not", null), eb("deadlineChapterNumber", "is not", null)]))
    .execute();
  if (untold.length === 0) return;
  const order = await readingOrderOf(trx, change.bookId);
  const overdue = untold.filter((row) => statusOf(row, order) === "overdue");
  if (overdue.length === 0) return;
  const writers = await writersOf(trx, change.bookId);
  await trx.updateTable("Foreshadowing").set({ overdueToldAt: at }).where("id", "in", overdue.map((row) => row.id)).execute();
  await notify(
    trx,
    overdue.flatMap((row) => writers.map((userId) => ({ userId, kind: "foreshadowing_overdue" as const, bookId: change.bookId, actorId: change.authorId, foreshadowingId: row.id }))),
    at,
  );
}

/**
 * Those who write the book, by the one policy's table: its owner and every member whose role may
 * `write` (co-authors). The author of the change is told too: the book reached the deadline under
 * their hands, perhaps without their noticing, and the item is a reminder rather than news of
 * someone else's act. Editors plan but do not write the text, so the reminder to pay off is not theirs.
 */
async function writersOf(trx: Transaction<DB>, bookId: string): Promise<string[]> {
  const [book, members] = await Promise.all([
    trx.selectFrom("Book").select("ownerId").where("id", "=", bookId).executeTakeFirstOrThrow(),
    trx.selectFrom("BookMember").select("userId").where("bookId", "=", bookId).where("role", "in", memberRolesThatMay("write")).execute(),
  ]);
  return [...new Set([book.ownerId, ...members.map((m) => m.userId)])];
}
