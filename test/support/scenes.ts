import { sql } from "@/server/db";
import { newId } from "@/server/sql/values";

/**
 * REPLACE AT MERGE: scenes are the scenes branch's (issue 35 item 1), whose use case makes them
 * with their text. Until it lands, the plan's tests put Scene rows in the table main already has.
 */
export async function insertScenes(bookId: string, chapterId: string, titles: string[]): Promise<{ id: string; title: string }[]> {
  const now = new Date();
  const rows = titles.map((title, index) => ({ id: newId(), bookId, chapterId, position: index + 1, title, createdAt: now, updatedAt: now }));
  if (rows.length > 0) await sql.insertInto("Scene").values(rows).execute();
  return rows.map(({ id, title }) => ({ id, title }));
}
