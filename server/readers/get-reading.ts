import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { placeDto, placesOf } from "./places";
import { loadReading, readableChapters } from "./readers";
import type { ReadingDto } from "./schemas";

// GET /api/v1/books/{bookId}/reading — the snapshot shared with the book's readers, its chapters the
// caller may read with their place in each, and where they read last (another device resumes there).
export async function getReading(input: { bookId: string }, principal: Principal): Promise<ReadingDto> {
  authorize(principal, "reading.get");
  const { book, snapshot } = await loadReading(principal, input.bookId, "reading.get");
  const chapters = await readableChapters(principal, book, snapshot.id);
  const places = await placesOf(snapshot.id, principal.userId);
  let resume: ReadingDto["resume"] = null;
  let latest = 0;
  for (const chapter of chapters) {
    const place = places.get(chapter.chapterId);
    if (place && place.at.getTime() > latest) {
      latest = place.at.getTime();
      resume = { chapterId: chapter.chapterId, paragraph: place.paragraph };
    }
  }
  return {
    book: { id: book.id, title: book.title },
    snapshot: { id: snapshot.id, name: snapshot.name, note: snapshot.note, createdAt: snapshot.createdAt.toISOString() },
    chapters: chapters.map((chapter) => ({
      chapterId: chapter.chapterId,
      title: chapter.title,
      position: chapter.position,
      wordCount: chapter.wordCount,
      place: placeDto(places.get(chapter.chapterId)),
    })),
    resume,
  };
}
