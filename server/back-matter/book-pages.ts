import type { BackMatterPageKind, Chapter } from "../convert/engine/model";
import { storedPages, type AlsoByEntry, type BackMatterPage } from "./schemas";
import { loadWriterBackMatter, resolveAlsoBy } from "./writer-back-matter";

/** What a book row carries for its back matter. */
export interface BookBackMatterRow {
  id: string;
  ownerId: string;
  acknowledgements: string | null;
  aboutAuthor: string | null;
  backMatter: string | null;
}

// What a title holds that Markdown would read as markup, escaped so it prints as typed.
const MARKDOWN_SPECIAL = /[\\`*_[\]<>#|~!]/g;
const literal = (text: string) => text.replace(MARKDOWN_SPECIAL, (character) => `\\${character}`);

/** "Also by" as Markdown, one title a paragraph: a book in italics, a series in bold with its books beneath. */
export function alsoByMarkdown(entries: AlsoByEntry[]): string {
  return entries
    .flatMap((entry) => (entry.seriesId === null ? [`*${literal(entry.title)}*`] : [`**${literal(entry.title)}**`, ...entry.books.map((title) => `*${literal(title)}*`)]))
    .join("\n\n");
}

/**
 * The back-matter pages a book prints after its last chapter (decision 0495): those it chose
 * (null: each that has text), each from the book's own text, else its owner's defaults ("also by"
 * is the owner's alone, without this book). The owner's, whoever exports: a co-author's export
 * prints the book's writer, not themselves.
 */
export async function bookBackMatterPages(book: BookBackMatterRow, author: string): Promise<Chapter[]> {
  const chosen = storedPages(book.backMatter);
  if (chosen !== null && chosen.length === 0) return [];
  const writer = await loadWriterBackMatter(book.ownerId);
  const alsoBy = await resolveAlsoBy(book.ownerId, writer.alsoBy, book.id);
  const text: Record<BackMatterPage, string | undefined> = {
    acknowledgements: book.acknowledgements?.trim() ? book.acknowledgements : writer.acknowledgements?.trim() ? writer.acknowledgements : undefined,
    aboutAuthor: book.aboutAuthor?.trim() ? book.aboutAuthor : writer.aboutAuthor?.trim() ? writer.aboutAuthor : undefined,
    alsoBy: alsoBy.length > 0 ? alsoByMarkdown(alsoBy) : undefined,
  };
  const titles: Record<BackMatterPageKind, string> = { acknowledgements: "Acknowledgements", aboutAuthor: "About the Author", alsoBy: `Also by ${author}` };
  return (["acknowledgements", "aboutAuthor", "alsoBy"] as const)
    .filter((page) => (chosen === null || chosen.includes(page)) && text[page] !== undefined)
    .map((page) => ({ title: titles[page], markdown: text[page]!, kind: page }));
}
