import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sqlTransaction } from "../db";
import { bookDefaults } from "../books/language";
import { newId } from "../sql/values";
import { COUNT_RULE } from "../text/prose";
import { readManuscript } from "./read-manuscript";
import { saveImportedChapters } from "./save-imported-chapters";
import type { ImportInput, ImportResultDto } from "./schemas";
import { announceBookCreated } from "../webhooks/announce";

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

// POST /api/v1/books/import — a new book from a manuscript, one chapter per top-level heading.
// The book and all its chapters are written in one transaction: a failed import leaves nothing.
export async function importBook(input: ImportInput, principal: Principal): Promise<ImportResultDto> {
  authorize(principal, "books.import");
  const manuscript = await readManuscript(input.file, input, principal);
  const named = input.title ?? manuscript.title ?? input.file.name.replace(/\.[^.]*$/, "");
  const title = [...named.replace(/[\p{Cc}\s]+/gu, " ")].slice(0, 200).join("").trim() || "Imported book";
  return sqlTransaction(async (trx) => {
    const now = new Date();
    // The caller's, else the text's script's or the document's (readManuscript), else en.
    const language = input.language ?? (manuscript.language && LANGUAGE_TAG.test(manuscript.language) ? manuscript.language : "en");
    const book = {
      id: newId(),
      ownerId: principal.userId,
      title,
      type: "novel",
      description: "",
      language,
      // The chapters were counted by the rule the language gives a book; its indent is the language's too.
      countRule: manuscript.countRule,
      paragraphIndent: bookDefaults(language).paragraphIndent,
      status: "drafting",
      targetWordCount: null,
      // The name the document gives its author: a pen name is what a manuscript carries.
      author: manuscript.author ?? null,
      wordCount: 0,
      wordCountRule: COUNT_RULE,
      chapterCount: 0,
      createdAt: now,
      updatedAt: now,
    };
    await trx.insertInto("Book").values(book).execute();
    await announceBookCreated(trx, book);
    return saveImportedChapters(trx, book.id, manuscript, principal.userId, "owner");
  });
}
