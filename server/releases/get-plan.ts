import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { loadWriter, todayFor } from "../goals/writer";
import type { ReleasePlan } from "./schemas";
import { bufferDays, type Cadence } from "./schedule";

// GET /api/v1/books/{bookId}/release-plan — release dates, the buffer and its warning
export async function getReleasePlan(input: { bookId: string }, principal: Principal): Promise<ReleasePlan> {
  authorize(principal, "releases.plan");
  await loadBook(principal, input.bookId, "releases.plan");
  return releasePlanOf(input.bookId, principal.userId);
}

/** The plan as stored, with the buffer counted from today in the writer's zone. */
export async function releasePlanOf(bookId: string, userId: string, now = new Date()): Promise<ReleasePlan> {
  const book = await sql.selectFrom("Book").select(["releaseCadence", "releaseStart", "minimumBufferDays"]).where("id", "=", bookId).executeTakeFirstOrThrow();
  const chapters = await sql
    .selectFrom("Chapter")
    .select(["id", "title", "position", "wordCount", "releaseDate", "releasedAt"])
    .where("bookId", "=", bookId)
    .where("deletedAt", "is", null)
    .orderBy("position")
    .execute();
  const writer = await loadWriter(userId);
  const today = todayFor(writer, now);
  const cadence = book.releaseCadence as Cadence | null;
  // An empty chapter is a placeholder, not a chapter written ahead.
  const buffered = chapters.filter((c) => c.releasedAt === null && c.wordCount > 0);
  const days = bufferDays({ cadence, start: book.releaseStart }, buffered, today);
  const minimum = book.minimumBufferDays ?? writer.minimumBufferDays;
  return {
    bookId,
    cadence,
    startDate: book.releaseStart,
    minimumBufferDays: minimum,
    chapters: chapters.map((c) => ({
      chapterId: c.id,
      title: c.title,
      position: c.position,
      releaseDate: c.releaseDate,
      releasedAt: c.releasedAt === null ? null : c.releasedAt.toISOString(),
    })),
    bufferChapters: buffered.length,
    bufferDays: days,
    belowMinimum: minimum !== null && days < minimum,
  };
}
