import { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { addToBookTotals, loadBook } from "../books/access";
import { db } from "../db";
import { countWords } from "../text/word-count";
import { chapterSelect, toChapterDto, uploadChapterInput, type ChapterDto } from "./schemas";

export type UploadChapterInput = z.output<typeof uploadChapterInput> & { bookId: string };

// POST /api/v1/books/{bookId}/chapters — a new chapter at the end of the book, as version 1.
export async function uploadChapter(input: UploadChapterInput, principal: Principal): Promise<ChapterDto> {
  authorize(principal, "chapters.upload");
  const book = await loadBook(principal, input.bookId, { forWriting: true });
  const title = input.title ?? titleFromHeading(input.content) ?? `Chapter ${book.chapterCount + 1}`;
  const wordCount = countWords(input.content);
  return db.$transaction(async (tx) => {
    const last = await tx.chapter.aggregate({ where: { bookId: book.id }, _max: { position: true } });
    const chapter = await tx.chapter.create({
      data: { bookId: book.id, title, content: input.content, wordCount, position: (last._max.position ?? 0) + 1 },
      select: chapterSelect,
    });
    await tx.chapterRevision.create({
      data: { chapterId: chapter.id, version: chapter.version, title, content: input.content, wordCount },
    });
    await addToBookTotals(tx, book.id, { words: wordCount, chapters: 1 });
    return toChapterDto(chapter);
  });
}

/** The text of a Markdown heading on the first non-blank line, if there is one. */
export function titleFromHeading(content: string): string | undefined {
  const firstLine = content.split("\n").find((line) => line.trim() !== "");
  const heading = firstLine?.match(/^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/);
  return heading?.[1]?.slice(0, 200) || undefined;
}
