import type { Transaction } from "kysely";
import { revokeFamilies } from "../auth/revoke";
import type { DB } from "../generated/kysely/database";

export interface EndedSignIns {
  /** live tokens revoked: login pairs and personal tokens, with every token they minted */
  revokedTokens: number;
  /** signed-in browsers signed out */
  endedSessions: number;
}

/**
 * Ends every way the account is signed in — its tokens, with all they minted, and its browsers —
 * except the credential `keep` names (the one asking, after a password change). A token stops at
 * its next request, as a revocation does; a browser at its next page.
 */
export async function endSignIns(trx: Transaction<DB>, userId: string, keep: { tokenId?: string | null; sessionId?: string } = {}): Promise<EndedSignIns> {
  const kept = keep.tokenId ? await trx.selectFrom("Token").select("familyId").where("id", "=", keep.tokenId).executeTakeFirst() : undefined;
  const live = await trx
    .selectFrom("Token")
    .select(["familyId", "parentFamilyId"])
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .where("rotatedAt", "is", null)
    .execute();
  // What the kept token minted (and what that minted, …) stays with it; everything else goes.
  const keptFamilies = new Set(kept ? [kept.familyId] : []);
  for (let grew = true; grew; ) {
    grew = false;
    for (const token of live) {
      if (token.parentFamilyId !== null && keptFamilies.has(token.parentFamilyId) && !keptFamilies.has(token.familyId)) {
        keptFamilies.add(token.familyId);
        grew = true;
      }
    }
  }
  const ending = live.filter((token) => !keptFamilies.has(token.familyId));
  await revokeFamilies(trx, [...new Set(ending.map((token) => token.familyId))], keptFamilies);
  let sessions = trx.deleteFrom("BrowserSession").where("userId", "=", userId);
  if (keep.sessionId) sessions = sessions.where("id", "!=", keep.sessionId);
  const ended = await sessions.executeTakeFirst();
  return { revokedTokens: ending.length, endedSessions: Number(ended.numDeletedRows) };
}
