import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { loadWriter, todayFor } from "../goals/writer";
import { releasePlanOf } from "./get-plan";
import type { ReleasePlan, SetReleasePlanInput } from "./schemas";
import { releaseSlots } from "./schedule";

/**
 * PUT /api/v1/books/{bookId}/release-plan — the cadence gives the book's unreleased chapters
 * release days in book order, from the start day (today when none), `releasesPerDay` to a day at
 * the day's release times; released chapters keep theirs. Without a cadence, the days and times
 * set chapter by chapter stay as they are.
 */
export async function setReleasePlan(input: SetReleasePlanInput & { bookId: string }, principal: Principal): Promise<ReleasePlan> {
  authorize(principal, "releases.setPlan");
  const book = await loadBook(principal, input.bookId, "releases.setPlan");
  const today = todayFor(await loadWriter(principal.userId));
  const times = input.releaseTimes ?? [];
  // Times name the chapters of a day: two times and no count is two a day.
  const perDay = input.releasesPerDay ?? (times.length || 1);
  await bookTransaction(book.id, async (trx) => {
    const now = new Date();
    await trx
      .updateTable("Book")
      .set({
        releaseCadence: input.cadence,
        releaseStart: input.startDate,
        minimumBufferDays: input.minimumBufferDays,
        releasesPerDay: perDay,
        releaseTimes: times.length > 0 ? times.join(",") : null,
        updatedAt: now,
      })
      .where("id", "=", book.id)
      .execute();
    if (!input.cadence) return;
    const unreleased = await trx
      .selectFrom("Chapter")
      .select("id")
      .where("bookId", "=", book.id)
      .where("deletedAt", "is", null)
      .where("releasedAt", "is", null)
      .orderBy("position")
      .execute();
    const start = input.startDate ?? today;
    const slots = releaseSlots({ cadence: input.cadence, start, perDay, times }, start, start, unreleased.length);
    for (const [i, chapter] of unreleased.entries()) {
      await trx.updateTable("Chapter").set({ releaseDate: slots[i]!.date, releaseTime: slots[i]!.time }).where("id", "=", chapter.id).execute();
    }
  });
  return releasePlanOf(book.id, principal.userId);
}
