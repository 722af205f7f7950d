import type { Insertable } from "kysely";
import type { z } from "zod";
import { loadLanguageData } from "../analysis/engine/language-data";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { AppError } from "../errors";
import type { BibleEntry } from "../generated/kysely/database";
import { newId } from "../sql/values";
import { entryScope } from "./create-entry";
import { bibleTransaction, checkExitChapter, loadBibleBook } from "./entries";
import { entryNameKeys, inSlices, NameIndex, nameTaken, warmNameKeys } from "./name-index";
import { commonWordWarnings, namesOf } from "./names";
import type { importEntriesInput, importResultSchema } from "./schemas";

type ImportResult = z.infer<typeof importResultSchema>;
/** Entries per insert: 13 columns each, well under SQLite's and PostgreSQL's bound-parameter limits. */
const ROWS_PER_INSERT = 100;

/**
 * POST /api/v1/books/{bookId}/bible/import — many entries at once (the CLI's `bible import`
 * reads them from CSV or JSON). All or nothing: with onDuplicate "fail" the first taken name
 * refuses the whole import (409 naming the entry and the row); with "skip" such rows are left out
 * and listed. A limit passed refuses the whole import either way.
 *
 * Every row's names, and the bible's, are keyed before the transaction, in slices that let other
 * requests through; inside it the bible's names are read once into an index that each row is
 * checked against and then joins, so the check is one pass (it used to reread the whole bible for
 * each row) over keys already made, and the rows go in by the hundred.
 */
export async function importEntries(input: { bookId: string } & z.output<typeof importEntriesInput>, principal: Principal): Promise<ImportResult> {
  authorize(principal, "bible.import");
  const book = await loadBibleBook(principal, input.bookId, "bible.import");
  await loadLanguageData(); // the stop-words that flag common-word names
  const rows = await inSlices(input.entries, (entry, index) => {
    try {
      const names = namesOf(entry);
      return { entry, scope: entryScope(book, entry.scope), keys: entryNameKeys(names), warnings: commonWordWarnings(names) };
    } catch (error) {
      throw withRow(error, index);
    }
  });
  const lock = rows.some((row) => row.scope.seriesId) ? { bookId: null, seriesId: book.seriesId } : { bookId: book.id, seriesId: null };
  await warmNameKeys(sql, lock);
  return bibleTransaction(lock, async (trx) => {
    const names = await NameIndex.load(trx, lock);
    const result: ImportResult = { created: [], skipped: [], warnings: [] };
    const inserts: Insertable<BibleEntry>[] = [];
    const now = new Date();
    for (const [index, { entry, scope, keys, warnings }] of rows.entries()) {
      const clash = names.clash(scope, keys);
      if (clash) {
        const taken = nameTaken(namesOf(entry)[clash.at]!, clash.holder);
        if (input.onDuplicate === "fail") throw withRow(taken, index);
        result.skipped.push({ index, name: entry.name, reason: taken.message, entryId: clash.holder.id });
        continue;
      }
      try {
        names.refuseWhenFull(scope);
        await checkExitChapter(trx, scope, entry.status.exitChapterId);
      } catch (error) {
        throw withRow(error, index);
      }
      const id = newId();
      names.add(scope, { id, name: entry.name }, keys);
      inserts.push({
        id,
        bookId: scope.bookId,
        seriesId: scope.seriesId,
        kind: entry.kind,
        name: entry.name,
        aliases: JSON.stringify(entry.aliases),
        description: entry.description,
        fields: JSON.stringify(entry.fields),
        tags: JSON.stringify(entry.tags),
        statusNote: entry.status.note,
        exitChapterId: entry.status.exitChapterId,
        createdAt: now,
        updatedAt: now,
      });
      result.created.push({ id, scope: scope.seriesId ? "series" : "book", kind: entry.kind, name: entry.name, aliases: entry.aliases });
      result.warnings.push(...warnings.map((warning) => ({ ...warning, entryId: id })));
    }
    for (let i = 0; i < inserts.length; i += ROWS_PER_INSERT) await trx.insertInto("BibleEntry").values(inserts.slice(i, i + ROWS_PER_INSERT)).execute();
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
