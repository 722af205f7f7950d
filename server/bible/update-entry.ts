import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bibleTransaction, checkExitChapter, checkNamesFree, entryDto, loadEntry } from "./entries";
import type { EntryChanges, EntryDto } from "./schemas";
import { parseList } from "./stored-list";

// PATCH /api/v1/books/{bookId}/bible/entries/{entryId} — the attributes named change
export async function updateEntry(input: { bookId: string; entryId: string; changes: EntryChanges }, principal: Principal): Promise<EntryDto> {
  authorize(principal, "bible.updateEntry");
  const { book, entry } = await loadEntry(principal, input.bookId, input.entryId, "bible.updateEntry");
  const { changes } = input;
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
        updatedAt: new Date(),
      })
      .where("id", "=", entry.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return entryDto(book.id, row);
}
