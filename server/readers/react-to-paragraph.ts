import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { transaction } from "../db";
import { assertParagraph, loadReadingChapter, numberReader } from "./readers";
import type { Reaction, ReactionDto } from "./schemas";

// POST /api/v1/books/{bookId}/reading/chapters/{chapterId}/reactions — the caller's one reaction on
// a paragraph of the shared snapshot, toggled: the same again takes it back, another replaces it.
export async function reactToParagraph(input: { bookId: string; chapterId: string; paragraph: number; reaction: Reaction }, principal: Principal): Promise<ReactionDto> {
  authorize(principal, "reading.react");
  const { book, snapshot, chapter } = await loadReadingChapter(principal, input, "reading.react");
  assertParagraph(input.paragraph, chapter.paragraphs.length);
  return transaction(async (trx) => {
    await numberReader(trx, book.id, principal.userId);
    const key = { snapshotId: snapshot.id, chapterId: chapter.chapterId, paragraph: input.paragraph, userId: principal.userId };
    const mine = () =>
      trx
        .deleteFrom("ParagraphReaction")
        .where("snapshotId", "=", key.snapshotId)
        .where("chapterId", "=", key.chapterId)
        .where("paragraph", "=", key.paragraph)
        .where("userId", "=", key.userId);
    const taken = await mine().where("reaction", "=", input.reaction).executeTakeFirst();
    if (taken.numDeletedRows > 0n) return { paragraph: input.paragraph, reaction: null };
    await mine().execute();
    await trx.insertInto("ParagraphReaction").values({ ...key, reaction: input.reaction, createdAt: new Date() }).execute();
    return { paragraph: input.paragraph, reaction: input.reaction };
  });
}
