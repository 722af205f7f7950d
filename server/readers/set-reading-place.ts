import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { transaction } from "../db";
import { notify } from "../inbox/notify";
import { placeDto } from "./places";
import { assertParagraph, loadReadingChapter, numberReader } from "./readers";
import type { PlaceDto } from "./schemas";

// PUT /api/v1/books/{bookId}/reading/chapters/{chapterId}/place — where the caller is in a chapter of
// the shared snapshot, kept on the server so another device resumes there. Reaching the end tells
// the owner, once per reader per chapter of a snapshot (decision 0497: reader activity stays quiet).
export async function setReadingPlace(input: { bookId: string; chapterId: string; paragraph: number; finished?: boolean }, principal: Principal): Promise<PlaceDto> {
  authorize(principal, "reading.place");
  const { book, snapshot, chapter } = await loadReadingChapter(principal, input, "reading.place");
  assertParagraph(input.paragraph, chapter.paragraphs.length);
  const now = new Date();
  return transaction(async (trx) => {
    await numberReader(trx, book.id, principal.userId);
    const key = { snapshotId: snapshot.id, chapterId: chapter.chapterId, userId: principal.userId };
    const before = await trx
      .selectFrom("ReadingPlace")
      .select("finishedAt")
      .where("snapshotId", "=", key.snapshotId)
      .where("chapterId", "=", key.chapterId)
      .where("userId", "=", key.userId)
      .executeTakeFirst();
    // Finishing is kept once reached: paging back to reread does not un-finish a chapter.
    const finishedAt = before?.finishedAt ?? (input.finished ? now : null);
    await trx
      .insertInto("ReadingPlace")
      .values({ ...key, bookId: book.id, paragraph: input.paragraph, finishedAt, updatedAt: now })
      .onConflict((oc) => oc.columns(["snapshotId", "chapterId", "userId"]).doUpdateSet({ paragraph: input.paragraph, finishedAt, updatedAt: now }))
      .execute();
    const justFinished = finishedAt !== null && !before?.finishedAt;
    if (justFinished && book.ownerId !== principal.userId) {
      await notify(trx, [{ userId: book.ownerId, kind: "reader_finished", bookId: book.id, actorId: principal.userId, chapterId: chapter.chapterId }], now);
    }
    return placeDto({ paragraph: input.paragraph, finished: finishedAt !== null, updatedAt: now.toISOString() })!;
  });
}
