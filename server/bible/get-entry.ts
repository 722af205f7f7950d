import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { entryDto, loadEntry } from "./entries";
import type { EntryDto } from "./schemas";

// GET /api/v1/books/{bookId}/bible/entries/{entryId}
export async function getEntry(input: { bookId: string; entryId: string }, principal: Principal): Promise<EntryDto> {
  authorize(principal, "bible.getEntry");
  const { book, entry } = await loadEntry(principal, input.bookId, input.entryId, "bible.getEntry");
  return entryDto(book.id, entry);
}
