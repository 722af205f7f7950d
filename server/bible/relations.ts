import type { Principal } from "../auth/principal";
import type { Operation } from "../auth/scopes";
import { sql } from "../db";
import { AppError } from "../errors";
import { loadBibleBook, visibleEntries, type BibleBook } from "./entries";
import type { RelationDto } from "./schemas";

/** The relations among the entries a book sees (both ends visible), with each end's name. */
export async function relationsOf(book: BibleBook, relationId?: string): Promise<RelationDto[]> {
  const visible = visibleEntries(sql, book).select("id");
  let query = sql
    .selectFrom("BibleRelation as r")
    .innerJoin("BibleEntry as f", "f.id", "r.fromId")
    .innerJoin("BibleEntry as t", "t.id", "r.toId")
    .select(["r.id", "r.fromId", "r.toId", "r.label", "r.createdAt", "f.name as fromName", "f.kind as fromKind", "t.name as toName", "t.kind as toKind"])
    .where("r.fromId", "in", visible)
    .where("r.toId", "in", visible);
  if (relationId) query = query.where("r.id", "=", relationId);
  const rows = await query.orderBy("r.createdAt").orderBy("r.id").execute();
  return rows.map((row) => ({
    id: row.id,
    fromId: row.fromId,
    toId: row.toId,
    label: row.label,
    from: { id: row.fromId, name: row.fromName, kind: row.fromKind },
    to: { id: row.toId, name: row.toName, kind: row.toKind },
    createdAt: row.createdAt.toISOString(),
  }));
}

/** One relation of the book's bible (404 otherwise). */
export async function loadRelation(principal: Principal, bookId: string, relationId: string, operation: Operation): Promise<{ book: BibleBook; relation: RelationDto }> {
  const book = await loadBibleBook(principal, bookId, operation);
  const [relation] = await relationsOf(book, relationId);
  if (!relation) throw new AppError("not_found", "This book's bible has no relation with this id.");
  return { book, relation };
}
