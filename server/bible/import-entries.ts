import type { z } from "zod";
import { loadLanguageData } from "../analysis/engine/language-data";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { AppError } from "../errors";
import { insertEntry, entryScope } from "./create-entry";
import { bibleTransaction, loadBibleBook } from "./entries";
import { commonWordWarnings, namesOf } from "./names";
import type { importEntriesInput, importResultSchema } from "./schemas";

type ImportResult = z.infer<typeof importResultSchema>;

/**
 * POST /api/v1/books/{bookId}/bible/import — many entries at once (the CLI's `bible import`
 * reads them from CSV or JSON). All or nothing: with onDuplicate "fail" the first taken name
 * refuses the whole import (409 naming the entry and the row); with "skip" such rows are left out
 * and listed. A limit passed refuses the whole import either way.
 */
export async function importEntries(input: { bookId: string } & z.output<typeof importEntriesInput>, principal: Principal): Promise<ImportResult> {
  authorize(principal, "bible.import");
  const book = await loadBibleBook(principal, input.bookId);
  await loadLanguageData(); // the stop-words that flag common-word names
  const scopes = input.entries.map((entry) => entryScope(book, entry.scope));
  const lock = scopes.some((scope) => scope.seriesId) ? { bookId: null, seriesId: book.seriesId } : { bookId: book.id, seriesId: null };
  return bibleTransaction(lock, async (trx) => {
    const result: ImportResult = { created: [], skipped: [], warnings: [] };
    for (const [index, entry] of input.entries.entries()) {
      try {
        const row = await insertEntry(trx, scopes[index]!, entry);
        result.created.push({ id: row.id, scope: row.seriesId ? "series" : "book", kind: row.kind, name: row.name, aliases: entry.aliases });
        result.warnings.push(...commonWordWarnings(namesOf(entry)).map((warning) => ({ ...warning, entryId: row.id })));
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "name_taken") throw withRow(error, index);
        if (input.onDuplicate === "fail") throw withRow(error, index);
        const other = error.details as { entryId: string };
        result.skipped.push({ index, name: entry.name, reason: error.message, entryId: other.entryId });
      }
    }
    return result;
  });
}

/** Which row of the import a refusal is about. */
function withRow(error: unknown, index: number): unknown {
  if (!(error instanceof AppError)) return error;
  const details = Array.isArray(error.details)
    ? error.details.map((problem: { path: string; message: string }) => ({ ...problem, path: `entries.${index}.${problem.path}` }))
    : { ...(error.details as object), index };
  return new AppError(error.code, `Entry ${index + 1}: ${error.message}`, details);
}
