import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { toLabelDto } from "./named";
import type { LabelDto } from "./schemas";

// GET /api/v1/books/{bookId}/labels — the book's labels, by name
export async function listLabels(input: { bookId: string }, principal: Principal): Promise<LabelDto[]> {
  authorize(principal, "labels.list");
  const book = await loadBook(principal, input.bookId, "labels.list");
  const rows = await sql.selectFrom("Label").selectAll().where("bookId", "=", book.id).orderBy("name").execute();
  return rows.map(toLabelDto);
}
