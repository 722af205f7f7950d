import { cache } from "react";
import type { Principal } from "@/server/auth/principal";
import { getBook } from "@/server/books/get-book";
import { getChapter } from "@/server/chapters/get-chapter";
import { chaptersCollection, listChapters } from "@/server/chapters/list-chapters";
import { defaultCollectionOptions, MAX_PER_PAGE } from "@/server/collections";
import type { ChapterListEntry } from "./chapter-editor";

/** Every chapter of the book in order, for the list beside the editor (books may pass 100 chapters). */
export async function allChapters(bookId: string, principal: Principal): Promise<ChapterListEntry[]> {
  const entries: ChapterListEntry[] = [];
  for (let page = 1; ; page++) {
    const options = defaultCollectionOptions(chaptersCollection, { perPage: MAX_PER_PAGE, page });
    const listed = await listChapters({ bookId, includeContent: false, options }, principal);
    entries.push(...listed.items.map(({ id, title, wordCount }) => ({ id, title, wordCount })));
    if (entries.length >= listed.total || listed.items.length === 0) return entries;
  }
}

/** What the editor page needs, read once per render (the page and its metadata share it). */
export const loadChapterPage = cache(async (bookId: string, chapterId: string, principal: Principal) => {
  const [book, chapter, chapters] = await Promise.all([
    getBook({ bookId }, principal),
    getChapter({ bookId, chapterId }, principal),
    allChapters(bookId, principal),
  ]);
  return { book, chapter, chapters };
});
