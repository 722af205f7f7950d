import type { Transaction } from "kysely";
import { followEdit, followReplacement, type Anchor } from "../comments/anchor";
import { editsOf, type ChangedText } from "../comments/follow-text";
import type { DB } from "../generated/kysely/database";

const ENDS = ["setup", "payoff"] as const;

/**
 * Moves the words of foreshadowings' setups and payoffs in rewritten chapters with their text, in
 * the change's transaction, by the comments' anchor engine (server/comments/anchor.ts, decision
 * 0492) exactly as it moves a comment: words revised grow or shrink, words deleted leave the
 * passage detached (its quote kept) until they come back. A chapter whose foreshadowings name no
 * words costs one indexed read per end.
 */
export async function followTextWithForeshadowings(trx: Transaction<DB>, changed: readonly ChangedText[]): Promise<void> {
  const texts = new Map(changed.filter((c) => c.before !== c.after).map((c) => [c.chapterId, c]));
  if (texts.size === 0) return;
  const editIn = editsOf(texts);
  for (const end of ENDS) {
    const rows = await trx
      .selectFrom("Foreshadowing")
      .select(["id", `${end}ChapterId as chapterId`, `${end}Quote as quote`, `${end}Prefix as prefix`, `${end}Suffix as suffix`, `${end}Start as start`, `${end}End as end`])
      .where(`${end}ChapterId`, "in", [...texts.keys()])
      .where(`${end}Quote`, "is not", null)
      .execute();
    for (const row of rows) {
      const { before, after } = texts.get(row.chapterId!)!;
      const anchor: Anchor = { quote: row.quote!, prefix: row.prefix ?? "", suffix: row.suffix ?? "", start: row.start, end: row.end };
      const next = before === undefined ? followReplacement(anchor, after) : followEdit(anchor, before, after, editIn(row.chapterId!));
      if (next.start === anchor.start && next.end === anchor.end && next.quote === anchor.quote && next.prefix === anchor.prefix && next.suffix === anchor.suffix) continue;
      await trx
        .updateTable("Foreshadowing")
        .set({ [`${end}Quote`]: next.quote, [`${end}Prefix`]: next.prefix, [`${end}Suffix`]: next.suffix, [`${end}Start`]: next.start, [`${end}End`]: next.end })
        .where("id", "=", row.id)
        .execute();
    }
  }
}
