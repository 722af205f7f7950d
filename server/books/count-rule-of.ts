import type { Kysely, Transaction } from "kysely";
import { sql } from "../db";
import type { DB } from "../generated/kysely/database";
import { asCountRule, type CountRule } from "../text/text-rules";

/** How the book counts its length now: what every write of its chapters counts them by. */
export async function countRuleOf(bookId: string, db: Kysely<DB> | Transaction<DB> = sql): Promise<CountRule> {
  const book = await db.selectFrom("Book").select("countRule").where("id", "=", bookId).executeTakeFirst();
  return asCountRule(book?.countRule ?? "words");
}
