import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { loadSnapshot, snapshotChapters, snapshotChapterText } from "../snapshots/snapshots";
import { shownName } from "../users/shown-name";
import { excerptOf, paragraphsOf } from "./paragraphs";
import { sharingOf } from "./readers";
import type { Reaction, ReadersReportDto } from "./schemas";
import { sharingDto } from "./share-with-readers";

// GET /api/v1/books/{bookId}/readers — the owner's view of a snapshot's readers, per chapter: how many
// started and finished it, where each stopped, what they reacted to and what they said. Readers are named only when the
// owner chose so; otherwise "Reader N", numbered per book in the order they first read.
export async function getReadersReport(input: { bookId: string; snapshotId?: string }, principal: Principal): Promise<ReadersReportDto> {
  authorize(principal, "readers.report");
  const book = await loadBook(principal, input.bookId, "readers.report");
  const sharing = await sharingOf(book.id);
  const snapshotId = input.snapshotId ? (await loadSnapshot(book.id, input.snapshotId)).id : (sharing.snapshot?.id ?? null);
  if (!snapshotId) return { sharing: sharingDto(sharing), snapshotId: null, readers: [], chapters: [] };

  const numbered = await sql
    .selectFrom("BookReader")
    .innerJoin("User", "User.id", "BookReader.userId")
    .select(["BookReader.userId", "BookReader.number", "User.name", "User.email"])
    .where("BookReader.bookId", "=", book.id)
    .where("BookReader.userId", "!=", book.ownerId) // the owner's own look at the reading view is not a reader's
    .orderBy("BookReader.number")
    .execute();
  const labelOf = new Map(numbered.map((r) => [r.userId, sharing.showNames ? shownName({ name: r.name, email: r.email }) : `Reader ${r.number}`]));
  const places = await sql
    .selectFrom("ReadingPlace")
    .select(["chapterId", "userId", "paragraph", "finishedAt"])
    .where("snapshotId", "=", snapshotId)
    .execute();
  const reactions = await sql
    .selectFrom("ParagraphReaction")
    .select(["chapterId", "paragraph", "reaction", "userId"])
    .where("snapshotId", "=", snapshotId)
    .orderBy("paragraph")
    .execute();
  const comments = await sql
    .selectFrom("ParagraphComment")
    .select(["chapterId", "paragraph", "userId", "body", "createdAt"])
    .where("snapshotId", "=", snapshotId)
    .orderBy("paragraph")
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  const readersHere = new Set([...places, ...reactions, ...comments].map((row) => row.userId).filter((id) => labelOf.has(id)));

  const chapters: ReadersReportDto["chapters"] = [];
  for (const chapter of await snapshotChapters(snapshotId)) {
    const stopsHere = places.filter((p) => p.chapterId === chapter.chapterId && labelOf.has(p.userId));
    const reactionsHere = reactions.filter((r) => r.chapterId === chapter.chapterId && labelOf.has(r.userId));
    const commentsHere = comments.filter((c) => c.chapterId === chapter.chapterId && labelOf.has(c.userId));
    // The text is read only for a chapter someone read, reacted to or commented on.
    const paragraphs = stopsHere.length + reactionsHere.length + commentsHere.length > 0 ? paragraphsOf((await snapshotChapterText(snapshotId, chapter.chapterId)).content) : [];
    const byParagraph = new Map<number, Partial<Record<Reaction, number>>>();
    for (const r of reactionsHere) {
      const counts = byParagraph.get(r.paragraph) ?? {};
      counts[r.reaction as Reaction] = (counts[r.reaction as Reaction] ?? 0) + 1;
      byParagraph.set(r.paragraph, counts);
    }
    chapters.push({
      chapterId: chapter.chapterId,
      title: chapter.title,
      position: chapter.position,
      paragraphCount: paragraphs.length,
      started: stopsHere.length,
      finished: stopsHere.filter((p) => p.finishedAt !== null).length,
      stops: stopsHere
        .map((p) => ({ reader: labelOf.get(p.userId)!, paragraph: p.paragraph, excerpt: excerptOf(paragraphs[p.paragraph]), finished: p.finishedAt !== null }))
        .sort((a, b) => a.paragraph - b.paragraph || a.reader.localeCompare(b.reader)),
      reactions: [...byParagraph].map(([paragraph, counts]) => ({ paragraph, excerpt: excerptOf(paragraphs[paragraph]), counts })),
      comments: commentsHere.map((c) => ({ reader: labelOf.get(c.userId)!, paragraph: c.paragraph, excerpt: excerptOf(paragraphs[c.paragraph]), body: c.body, createdAt: c.createdAt.toISOString() })),
    });
  }
  return {
    sharing: sharingDto(sharing),
    snapshotId,
    readers: numbered.filter((r) => readersHere.has(r.userId)).map((r) => ({ label: labelOf.get(r.userId)! })),
    chapters,
  };
}
