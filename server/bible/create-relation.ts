import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { AppError } from "../errors";
import { newId } from "../sql/values";
import { loadBibleBook, visibleEntries } from "./entries";
import { relationsOf } from "./relations";
import { BIBLE_LIMITS, type RelationDto } from "./schemas";

// POST /api/v1/books/{bookId}/bible/relations — "from" is <label> "to" (sister of, serves, lives in)
export async function createRelation(input: { bookId: string; fromId: string; toId: string; label: string }, principal: Principal): Promise<RelationDto> {
  authorize(principal, "bible.createRelation");
  const book = await loadBibleBook(principal, input.bookId, "bible.createRelation");
  if (input.fromId === input.toId) throw new AppError("validation_failed", "A relation joins two different entries.", [{ path: "toId", message: "the same entry as fromId" }]);
  const ends = await visibleEntries(sql, book).select("id").where("id", "in", [input.fromId, input.toId]).execute();
  for (const [path, id] of [["fromId", input.fromId], ["toId", input.toId]] as const) {
    if (!ends.some((end) => end.id === id)) throw new AppError("validation_failed", "A relation joins two entries of this book's bible.", [{ path, message: "no entry of this book's bible has this id" }]);
  }
  // The limit and the duplicate are checked before the insert, not under a lock: two relations
  // racing past either cost a row too many, never a wrong one.
  const existing = await relationsOf(book);
  if (existing.length >= BIBLE_LIMITS.relationsPerBook) {
    throw new AppError("bible_limit", `A book's bible holds at most ${BIBLE_LIMITS.relationsPerBook} relations.`, { limit: BIBLE_LIMITS.relationsPerBook });
  }
  const same = existing.find((r) => r.fromId === input.fromId && r.toId === input.toId && r.label.toLowerCase() === input.label.toLowerCase());
  if (same) throw new AppError("name_taken", "These two entries have this relation already.", { relationId: same.id });
  const id = newId();
  await sql.insertInto("BibleRelation").values({ id, fromId: input.fromId, toId: input.toId, label: input.label, createdAt: new Date() }).execute();
  return (await relationsOf(book, id))[0]!;
}
