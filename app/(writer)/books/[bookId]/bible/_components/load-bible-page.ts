import { cache } from "react";
import { getT } from "@/app/_i18n/server";
import type { Principal } from "@/server/auth/principal";
import { getBook } from "@/server/books/get-book";
import { allChapters } from "../../chapters/[chapterId]/load-chapter-page";
import { loadOrRefused } from "../../_components/book-subpage";

/**
 * The book a bible page belongs to and its chapters (for an exit's chapter and the links to the
 * editor), or the sentence the page says instead (another writer's book, one in the trash).
 */
export interface BiblePageBook {
  book: { id: string; title: string; language: string };
  chapters: { id: string; title: string }[];
}

export const loadBiblePage = cache(
  async (bookId: string, principal: Principal): Promise<BiblePageBook | { refused: string }> => {
    const errors = await getT("errors");
    return loadOrRefused(
      async () => {
        const [book, chapters] = await Promise.all([getBook({ bookId }, principal), allChapters(bookId, principal)]);
        return { book: { id: book.id, title: book.title, language: book.language }, chapters: chapters.map(({ id, title }) => ({ id, title })) };
      },
      (code) => errors(`code.${code}`),
    );
  },
);
