import type { Transaction } from "kysely";
import { roleMayDo } from "../auth/book-roles";
import type { DB } from "../generated/kysely/database";
import { membersOf } from "../members/members";

/** A letter or digit: `@Ann` in `@Anna` names nobody. */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * The people on the book a comment names with `@` and their name or e-mail (letter case aside),
 * among those who read comments: a mention is a call to look, and only they can. Each name is
 * looked for with indexOf, so a long comment costs its length once per person on the book.
 */
export async function mentionedIn(body: string, book: { id: string; ownerId: string; createdAt: Date }): Promise<string[]> {
  if (!body.includes("@")) return [];
  const text = body.toLowerCase();
  const people = (await membersOf(book)).filter((person) => roleMayDo(person.role, "comment"));
  return people.filter((person) => [person.name, person.email].some((name) => name !== "" && names(text, `@${name.toLowerCase()}`))).map((p) => p.userId);
}

function names(text: string, mention: string): boolean {
  for (let at = text.indexOf(mention); at >= 0; at = text.indexOf(mention, at + 1)) {
    const next = text[at + mention.length];
    if (next === undefined || !WORD_CHARACTER.test(next)) return true;
  }
  return false;
}

/** Writes a comment's mentions (after removing what an earlier version of it had). */
export async function keepMentions(trx: Transaction<DB>, commentId: string, userIds: readonly string[]): Promise<void> {
  await trx.deleteFrom("CommentMention").where("commentId", "=", commentId).execute();
  if (userIds.length > 0) await trx.insertInto("CommentMention").values(userIds.map((userId) => ({ commentId, userId }))).execute();
}
