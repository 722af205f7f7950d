import type { Transaction } from "kysely";
import { transaction } from "../db";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import type { Principal } from "./principal";

// POST /auth/revoke — the presenting token (its refresh token, and every token it minted) stop
// working at once.
export async function revokeCurrentToken(principal: Principal): Promise<{ revoked: true }> {
  if (!principal.tokenId) {
    throw new AppError("malformed_request", "Send the token to revoke as a Bearer credential; a browser session signs out instead.");
  }
  await revokeToken({ id: principal.tokenId });
  return { revoked: true };
}

/**
 * Revokes the live token `id` (of `userId`, when given) with its whole family and everything minted below it.
 * Returns false when no live token matched. A login's only live row is its newest pair, so
 * ending that pair ends the login.
 */
export async function revokeToken(where: { id: string; userId?: string }): Promise<boolean> {
  return transaction(async (trx) => {
    let live = trx.selectFrom("Token").select("familyId").where("id", "=", where.id).where("revokedAt", "is", null).where("rotatedAt", "is", null);
    if (where.userId !== undefined) live = live.where("userId", "=", where.userId);
    const row = await live.executeTakeFirst();
    if (!row) return false;
    await revokeFamilies(trx, [row.familyId]);
    return true;
  });
}

/**
 * Revokes the families and, level by level, every family minted by one of their tokens (but the
 * `spared` ones and what they minted: the credential a password change is made with). Done at
 * write time so that checking a token on each request stays one read of its own row (with its
 * user's). A minted token's parent is touched in the same transaction as the child is created (see
 * mintChildToken), so a child cannot slip in beside a revocation.
 */
export async function revokeFamilies(trx: Transaction<DB>, familyIds: string[], spared: ReadonlySet<string> = new Set()): Promise<void> {
  const revokedAt = new Date();
  let level = familyIds.filter((family) => !spared.has(family));
  while (level.length > 0) {
    await trx.updateTable("Token").set({ revokedAt }).where("familyId", "in", level).where("revokedAt", "is", null).execute();
    // Children revoked earlier had their own descendants revoked with them.
    const children = await trx
      .selectFrom("Token")
      .select("familyId")
      .distinct()
      .where("parentFamilyId", "in", level)
      .where("revokedAt", "is", null)
      .execute();
    level = children.map((child) => child.familyId).filter((family) => !spared.has(family));
  }
}
