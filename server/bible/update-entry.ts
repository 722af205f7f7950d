import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { AppError } from "../errors";
import { assertPrecondition, changedSince, nextUpdatedAt, validatorsOf, type Precondition } from "../preconditions";
import { bibleTransaction, checkExitChapter, checkNamesFree, entryDto, loadEntry } from "./entries";
import type { EntryChanges, EntryDto } from "./schemas";
import { parseList } from "./stored-list";

// PATCH /api/v1/books/{bookId}/bible/entries/{entryId} — the attributes named change. With a
// precondition (REST's If-Match or If-Unmodified-Since), the entry must be as the caller read it,
// checked with the write: 412 otherwise.
export async function updateEntry(
  input: { bookId: string; entryId: string; changes: EntryChanges; precondition?: Precondition },
  principal: Principal,
): Promise<EntryDto> {
  authorize(principal, "bible.updateEntry");
  const { book, entry } = await loadEntry(principal, input.bookId, input.entryId, "bible.updateEntry");
  const { changes, precondition } = input;
  await assertPrecondition(precondition, async () => validatorsOf(await entryDto(book.id, entry)));
  const scope = { bookId: entry.bookId, seriesId: entry.seriesId };
  const row = await bibleTransaction(scope, async (trx) => {
    if (changes.name !== undefined || changes.aliases !== undefined) {
      const names = [changes.name ?? entry.name, ...(changes.aliases ?? parseList(entry.aliases))];
      await checkNamesFree(trx, scope, names, { exceptEntryId: entry.id });
    }
    if (changes.status) await checkExitChapter(trx, scope, changes.status.exitChapterId);
    return trx
      .updateTable("BibleEntry")
      .set({
        ...(changes.kind !== undefined && { kind: changes.kind }),
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.aliases !== undefined && { aliases: JSON.stringify(changes.aliases) }),
        ...(changes.description !== undefined && { description: changes.description }),
        ...(changes.fields !== undefined && { fields: JSON.stringify(changes.fields) }),
        ...(changes.tags !== undefined && { tags: JSON.stringify(changes.tags) }),
        ...(changes.status !== undefined && { statusNote: changes.status.note, exitChapterId: changes.status.exitChapterId }),
        updatedAt: nextUpdatedAt(entry.updatedAt),
      })
      .where("id", "=", entry.id)
      // Checked and written at once: a write since the check leaves no row to change.
      .$if(precondition !== undefined, (update) => update.where("updatedAt", "=", entry.updatedAt))
      .returningAll()
      .executeTakeFirst();
  });
  if (!row) throw precondition ? changedSince() : new AppError("not_found", "This entry was deleted meanwhile; nothing was saved.");
  return entryDto(book.id, row);
}
