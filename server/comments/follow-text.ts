import type { Transaction } from "kysely";
import type { DB } from "../generated/kysely/database";
import { editOf, followEdit, followReplacement, type Anchor, type TextEdit } from "./anchor";

/** A chapter's text as a change left it, with the text it replaced when the change knew it. */
export interface ChangedText {
  chapterId: string;
  before?: string;
  after: string;
}

/**
 * What a change rewrote in each chapter (the stretch between what it left alone at either end),
 * found once per chapter and asked for by each anchor there: finding it reads the whole text, and a
 * save of a chapter that holds a thousand comments, suggestions or foreshadowings must read it once,
 * not a thousand times. Undefined for a change that did not know the text before.
 */
export function editsOf(texts: ReadonlyMap<string, ChangedText>): (chapterId: string) => TextEdit | undefined {
  const edits = new Map<string, TextEdit>();
  return (chapterId) => {
    const { before, after } = texts.get(chapterId)!;
    if (before === undefined) return undefined;
    let edit = edits.get(chapterId);
    if (!edit) edits.set(chapterId, (edit = editOf(before, after)));
    return edit;
  };
}

/**
 * Moves the comment threads of rewritten chapters with their text, in the change's transaction, so
 * that a thread never points into a version of the text that no longer exists. A chapter without
 * threads costs one indexed read for the whole change.
 */
export async function followText(trx: Transaction<DB>, changed: readonly ChangedText[], at: Date): Promise<void> {
  const texts = new Map(changed.filter((c) => c.before !== c.after).map((c) => [c.chapterId, c]));
  if (texts.size === 0) return;
  const threads = await trx
    .selectFrom("CommentThread")
    .select(["id", "chapterId", "quote", "prefix", "suffix", "anchorStart as start", "anchorEnd as end", "detachedAt"])
    .where("chapterId", "in", [...texts.keys()])
    .execute();
  const editIn = editsOf(texts);
  for (const thread of threads) {
    const { before, after } = texts.get(thread.chapterId)!;
    const next: Anchor = before === undefined ? followReplacement(thread, after) : followEdit(thread, before, after, editIn(thread.chapterId));
    if (next.start === thread.start && next.end === thread.end && next.quote === thread.quote && next.prefix === thread.prefix && next.suffix === thread.suffix) continue;
    await trx
      .updateTable("CommentThread")
      .set({
        quote: next.quote,
        prefix: next.prefix,
        suffix: next.suffix,
        anchorStart: next.start,
        anchorEnd: next.end,
        // The moment it lost its words, kept while it stays lost; cleared when they come back.
        detachedAt: next.start === null ? (thread.detachedAt ?? at) : null,
      })
      .where("id", "=", thread.id)
      .execute();
  }
}
