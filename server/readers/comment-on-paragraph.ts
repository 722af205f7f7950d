import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { transaction } from "../db";
import { newId } from "../sql/values";
import { assertParagraph, loadReadingChapter, numberReader } from "./readers";
import type { ParagraphCommentDto } from "./schemas";

// POST /api/v1/books/{bookId}/reading/chapters/{chapterId}/comments — a reader's comment on a
// paragraph of the shared snapshot (段评). It stays with the snapshot, whose text never moves, so
// it needs no anchoring; the owner reads it in the readers' report, named as the owner chose.
export async function commentOnParagraph(input: { bookId: string; chapterId: string; paragraph: number; body: string }, principal: Principal): Promise<ParagraphCommentDto> {
  authorize(principal, "reading.comment");
  const { book, snapshot, chapter } = await loadReadingChapter(principal, input, "reading.comment");
  assertParagraph(input.paragraph, chapter.paragraphs.length);
  const comment = { id: newId(), snapshotId: snapshot.id, chapterId: chapter.chapterId, paragraph: input.paragraph, userId: principal.userId, body: input.body, createdAt: new Date() };
  await transaction(async (trx) => {
    await numberReader(trx, book.id, principal.userId);
    await trx.insertInto("ParagraphComment").values(comment).execute();
  });
  return { id: comment.id, paragraph: comment.paragraph, body: comment.body, createdAt: comment.createdAt.toISOString() };
}
