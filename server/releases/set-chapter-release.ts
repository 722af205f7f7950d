import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadChapter } from "../chapters/load-chapter";
import { sql } from "../db";
import { loadWriter, todayFor } from "../goals/writer";
import { releasePlanOf } from "./get-plan";
import type { ReleasePlan, SetChapterReleaseInput } from "./schemas";

/**
 * PATCH /api/v1/books/{bookId}/chapters/{chapterId}/release — one chapter's release day and time,
 * or its released mark. Marked released without a day, it was released today.
 */
export async function setChapterRelease(input: SetChapterReleaseInput & { bookId: string; chapterId: string }, principal: Principal): Promise<ReleasePlan> {
  authorize(principal, "releases.setChapter");
  const chapter = await loadChapter(principal, input, "releases.setChapter", { withContent: false });
  const stored = await sql.selectFrom("Chapter").select(["releaseDate", "releasedAt"]).where("id", "=", chapter.id).executeTakeFirstOrThrow();
  const changes: { releaseDate?: string | null; releaseTime?: string | null; releasedAt?: Date | null } = {};
  if (input.releaseDate !== undefined) changes.releaseDate = input.releaseDate;
  if (input.releaseTime !== undefined) changes.releaseTime = input.releaseTime;
  if (input.released === true && stored.releasedAt === null) {
    changes.releasedAt = new Date();
    changes.releaseDate ??= stored.releaseDate ?? todayFor(await loadWriter(principal.userId));
  }
  if (input.released === false) changes.releasedAt = null;
  if (Object.keys(changes).length > 0) await sql.updateTable("Chapter").set(changes).where("id", "=", chapter.id).execute();
  return releasePlanOf(input.bookId, principal.userId);
}
