import { sql } from "../db";
import { parseList } from "./stored-list";

/** A run follows at most this many characters (runParametersSchema's limit). */
const MAX_CHARACTERS = 50;

/**
 * The book's characters as an analysis run names them — "Name|alias|alias" — most mentioned first
 * (by the mention index as it stands), for a run that names none (issue 21 item 5).
 */
export async function bookCharacterParameters(book: { id: string }): Promise<string[]> {
  const { seriesId } = (await sql.selectFrom("Book").select("seriesId").where("id", "=", book.id).executeTakeFirst()) ?? { seriesId: null };
  const characters = await sql
    .selectFrom("BibleEntry as e")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("BibleMention as m")
          .innerJoin("Chapter as c", "c.id", "m.chapterId")
          .where("c.bookId", "=", book.id)
          .select((inner) => ["m.entryId", inner.fn.sum<number>("m.count").as("total")])
          .groupBy("m.entryId")
          .as("t"),
      (join) => join.onRef("t.entryId", "=", "e.id"),
    )
    .select(["e.name", "e.aliases", "t.total"])
    .where("e.kind", "=", "character")
    .where((eb) => (seriesId ? eb.or([eb("e.bookId", "=", book.id), eb("e.seriesId", "=", seriesId)]) : eb("e.bookId", "=", book.id)))
    .execute();
  return characters
    .sort((a, b) => Number(b.total ?? 0) - Number(a.total ?? 0) || a.name.localeCompare(b.name))
    .slice(0, MAX_CHARACTERS)
    .map((entry) => [entry.name, ...parseList(entry.aliases)].join("|").slice(0, 200));
}
