import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { newId } from "../sql/values";
import { raiseOrderVersion } from "./order";
import { toPartDto } from "./parts";
import type { PartDto } from "./schemas";

// POST /api/v1/books/{bookId}/parts — a new, empty part after the book's last part. Titles need not
// be unique (decision 0488): two parts named alike are odd but harm nothing.
export async function createPart(input: { bookId: string; title: string }, principal: Principal): Promise<PartDto> {
  authorize(principal, "parts.create");
  const book = await loadBook(principal, input.bookId, "parts.create");
  return bookTransaction(book.id, async (trx) => {
    const last = await trx.selectFrom("Part").select((eb) => eb.fn.max("position").as("position")).where("bookId", "=", book.id).executeTakeFirst();
    const now = new Date();
    const part = { id: newId(), bookId: book.id, title: input.title, position: Number(last?.position ?? 0) + 1, createdAt: now, updatedAt: now };
    await trx.insertInto("Part").values(part).execute();
    await raiseOrderVersion(trx, book.id);
    return toPartDto(part, { chapterCount: 0, wordCount: 0 });
  });
}
