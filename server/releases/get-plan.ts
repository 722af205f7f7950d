import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { dayIn } from "../goals/calendar";
import { loadWriter, todayFor } from "../goals/writer";
import type { ReleasePlan } from "./schemas";
import { bufferOf, minimumBufferChapters, releaseStreak, type Cadence, type Schedule } from "./schedule";

// GET /api/v1/books/{bookId}/release-plan — release dates, the buffer and its warning
export async function getReleasePlan(input: { bookId: string }, principal: Principal): Promise<ReleasePlan> {
  authorize(principal, "releases.plan");
  await loadBook(principal, input.bookId, "releases.plan");
  return releasePlanOf(input.bookId, principal.userId);
}

/** A book's release times as stored ("08:00,20:00"), as a list. */
export function storedReleaseTimes(stored: string | null): string[] {
  return stored ? stored.split(",") : [];
}

/** The plan as stored, with the buffer counted from today in the writer's zone. */
export async function releasePlanOf(bookId: string, userId: string, now = new Date()): Promise<ReleasePlan> {
  const book = await sql
    .selectFrom("Book")
    .select(["releaseCadence", "releaseStart", "minimumBufferDays", "releasesPerDay", "releaseTimes"])
    .where("id", "=", bookId)
    .executeTakeFirstOrThrow();
  const chapters = await sql
    .selectFrom("Chapter")
    .select(["id", "title", "position", "wordCount", "releaseDate", "releaseTime", "releasedAt"])
    .where("bookId", "=", bookId)
    .where("deletedAt", "is", null)
    .orderBy("position")
    .execute();
  const writer = await loadWriter(userId);
  const today = todayFor(writer, now);
  const times = storedReleaseTimes(book.releaseTimes);
  const schedule: Schedule = { cadence: book.releaseCadence as Cadence | null, start: book.releaseStart, perDay: book.releasesPerDay, times };
  // An empty chapter is a placeholder, not a chapter written ahead.
  const buffered = chapters.filter((c) => c.releasedAt === null && c.wordCount > 0);
  const buffer = bufferOf(schedule, buffered, today);
  const minimum = book.minimumBufferDays ?? writer.minimumBufferDays;
  // A released chapter came out on its release day (today's when it was marked without one); the
  // writer may correct that day, so it is the record, over the moment the box was ticked.
  const releasedOn = chapters.flatMap((c) => (c.releasedAt === null ? [] : [c.releaseDate ?? dayIn(writer.timeZone, c.releasedAt)]));
  return {
    bookId,
    cadence: schedule.cadence,
    startDate: book.releaseStart,
    releasesPerDay: book.releasesPerDay,
    releaseTimes: times,
    minimumBufferDays: minimum,
    chapters: chapters.map((c) => ({
      chapterId: c.id,
      title: c.title,
      position: c.position,
      releaseDate: c.releaseDate,
      releaseTime: c.releaseTime,
      releasedAt: c.releasedAt === null ? null : c.releasedAt.toISOString(),
    })),
    bufferChapters: buffered.length,
    bufferDays: buffer.days,
    bufferRunsOut: buffer.runsOut,
    minimumBufferChapters: minimum === null ? null : minimumBufferChapters(schedule, minimum, today),
    belowMinimum: minimum !== null && buffer.days < minimum,
    releaseStreak: releaseStreak(schedule, releasedOn, today),
  };
}
