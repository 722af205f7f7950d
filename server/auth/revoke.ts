import { transaction } from "../db";
import { AppError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
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
 * Revokes the live token matching `where` with its whole family and everything minted below it.
 * Returns false when no live token matched. A login's only live row is its newest pair, so
 * ending that pair ends the login.
 */
export async function revokeToken(where: Prisma.TokenWhereInput): Promise<boolean> {
  return transaction(async (tx) => {
    const row = await tx.token.findFirst({ where: { ...where, revokedAt: null, rotatedAt: null }, select: { familyId: true } });
    if (!row) return false;
    await revokeFamilies(tx, [row.familyId]);
    return true;
  });
}

/**
 * Revokes the families and, level by level, every family minted by one of their tokens. Done at
 * write time so that checking a token on each request stays one read of its own row. A minted
 * token's parent is touched in the same transaction as the child is created (see mintChildToken),
 * so a child cannot slip in beside a revocation.
 */
export async function revokeFamilies(tx: Prisma.TransactionClient, familyIds: string[]): Promise<void> {
  const revokedAt = new Date();
  let level = familyIds;
  while (level.length > 0) {
    await tx.token.updateMany({ where: { familyId: { in: level }, revokedAt: null }, data: { revokedAt } });
    // Children revoked earlier had their own descendants revoked with them.
    const children = await tx.token.findMany({
      where: { parentFamilyId: { in: level }, revokedAt: null },
      select: { familyId: true },
      distinct: ["familyId"],
    });
    level = children.map((child) => child.familyId);
  }
}
