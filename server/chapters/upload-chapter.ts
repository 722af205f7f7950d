import type { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { asCountRule } from "../text/text-rules";
import { newChapterTitle } from "../books/language";
import { leadingHeading } from "../text/markdown-heading";
import { countProseOf } from "../text/count-task";
import { changeTextIn, nothingRaces } from "./change-text";
import { uploadChapterInput, type ChapterDto } from "./schemas";

type UploadChapterInput = z.output<typeof uploadChapterInput> & { bookId: string };

// POST /api/v1/books/{bookId}/chapters — a new chapter at the end of the book, as version 1.
export async function uploadChapter(input: UploadChapterInput, principal: Principal): Promise<ChapterDto> {
  authorize(principal, "chapters.upload");
  const book = await loadBook(principal, input.bookId, "chapters.upload");
  const title = input.title ?? titleFromHeading(input.content) ?? newChapterTitle(book.chapterCount + 1, book.language);
  const countRule = asCountRule(book.countRule);
  const [wordCount] = await countProseOf([input.content], countRule, principal.userId);
  // A chapter uploaded whole was written elsewhere: the ledger counts it imported, not typed.
  const appends = [{ title, content: input.content, wordCount: wordCount! }];
  const written = await bookTransaction(book.id, (trx) => changeTextIn(trx, { bookId: book.id, authorId: principal.userId, kind: "upload", countRule, appends }, nothingRaces));
  return written.chapters[0]!.chapter;
}

/** The text of a Markdown heading on the first non-blank line, if there is one. */
export function titleFromHeading(content: string): string | undefined {
  return leadingHeading(content)?.text.slice(0, 200) || undefined;
}
