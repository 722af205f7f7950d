import type { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bibleTransaction, entryDto, loadBibleBook } from "./entries";
import { insertEntry } from "./create-entry";
import type { addCastMemberInput, EntryDto } from "./schemas";

/**
 * POST /api/v1/books/{bookId}/bible/cast — a name an analysis proposed (its "others" / candidates)
 * into the book's bible in one action: a character entry with that name, found from then on.
 */
export async function addCastMember(input: { bookId: string } & z.output<typeof addCastMemberInput>, principal: Principal): Promise<EntryDto> {
  authorize(principal, "bible.addCastMember");
  const book = await loadBibleBook(principal, input.bookId, "bible.addCastMember");
  const scope = { bookId: book.id, seriesId: null };
  const row = await bibleTransaction(scope, (trx) =>
    insertEntry(trx, scope, { kind: "character", name: input.name, aliases: input.aliases, description: "", fields: [], tags: [], status: { note: "", exitChapterId: null } }),
  );
  return entryDto(book.id, row);
}
