import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { placeDto, placesOf } from "./places";
import { loadReadingChapter } from "./readers";
import type { Reaction, ReadingChapterDto } from "./schemas";

// GET /api/v1/books/{bookId}/reading/chapters/{chapterId} — one chapter of the shared snapshot in
// paragraphs, with the caller's place in it and their own reactions and comments (never anyone else's).
export async function getReadingChapter(input: { bookId: string; chapterId: string }, principal: Principal): Promise<ReadingChapterDto> {
  authorize(principal, "reading.chapter");
  const { snapshot, chapter, previousChapterId, nextChapterId } = await loadReadingChapter(principal, input, "reading.chapter");
  const places = await placesOf(snapshot.id, principal.userId);
  const reactions = await sql
    .selectFrom("ParagraphReaction")
    .select(["paragraph", "reaction"])
    .where("snapshotId", "=", snapshot.id)
    .where("chapterId", "=", chapter.chapterId)
    .where("userId", "=", principal.userId)
    .orderBy("paragraph")
    .execute();
  const comments = await sql
    .selectFrom("ParagraphComment")
    .select(["id", "paragraph", "body", "createdAt"])
    .where("snapshotId", "=", snapshot.id)
    .where("chapterId", "=", chapter.chapterId)
    .where("userId", "=", principal.userId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return {
    snapshotId: snapshot.id,
    ...chapter,
    place: placeDto(places.get(chapter.chapterId)),
    reactions: reactions.map((r) => ({ paragraph: r.paragraph, reaction: r.reaction as Reaction })),
    comments: comments.map((c) => ({ id: c.id, paragraph: c.paragraph, body: c.body, createdAt: c.createdAt.toISOString() })),
    previousChapterId,
    nextChapterId,
  };
}
