import type { Transaction } from "kysely";
import { followExactly } from "../comments/anchor";
import { editsOf, type ChangedText } from "../comments/follow-text";
import type { DB } from "../generated/kysely/database";

/**
 * Moves the open suggestions of rewritten chapters with their text, in the change's transaction,
 * by the comments' anchor engine (server/comments/anchor.ts) held to the letter: a suggestion keeps
 * its place only while its words stand there unchanged, is looked for by them when they moved, and
 * otherwise waits with no place (stale) until they are back. So accepting never replaces words the
 * suggester did not see. A chapter without open suggestions costs one indexed read.
 */
export async function followTextWithSuggestions(trx: Transaction<DB>, changed: readonly ChangedText[]): Promise<void> {
  const texts = new Map(changed.filter((c) => c.before !== c.after).map((c) => [c.chapterId, c]));
  if (texts.size === 0) return;
  const open = await trx
    .selectFrom("Suggestion")
    .select(["id", "chapterId", "quote", "prefix", "suffix", "anchorStart as start", "anchorEnd as end"])
    .where("chapterId", "in", [...texts.keys()])
    .where("state", "=", "open")
    .execute();
  const editIn = editsOf(texts);
  for (const suggestion of open) {
    const { before, after } = texts.get(suggestion.chapterId)!;
    const next = followExactly(suggestion, before, after, editIn(suggestion.chapterId));
    if (next.start === suggestion.start && next.end === suggestion.end) continue;
    await trx.updateTable("Suggestion").set({ anchorStart: next.start, anchorEnd: next.end }).where("id", "=", suggestion.id).execute();
  }
}
