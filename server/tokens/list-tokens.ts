import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { db } from "../db";
import { toTokenDto, tokenSelect, type TokenDto } from "./schemas";

// GET /api/v1/tokens — the caller's tokens that still work, newest first. A login whose access
// token has expired is listed while its refresh token can still mint a pair, so it can be revoked.
export async function listTokens(principal: Principal): Promise<TokenDto[]> {
  authorize(principal, "tokens.list");
  const now = new Date();
  const rows = await db.token.findMany({
    where: {
      userId: principal.userId,
      revokedAt: null,
      rotatedAt: null,
      OR: [{ expiresAt: { gt: now } }, { refreshExpiresAt: { gt: now } }],
    },
    select: tokenSelect,
    orderBy: { createdAt: "desc" },
  });
  return rows.map((row) => toTokenDto(row, principal.tokenId));
}
