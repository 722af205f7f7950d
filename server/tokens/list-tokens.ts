import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { toTokenDto, tokenColumns, type TokenDto } from "./schemas";

// GET /api/v1/tokens — the caller's tokens that still work, newest first. A login whose access
// token has expired is listed while its refresh token can still mint a pair, so it can be revoked.
export async function listTokens(principal: Principal): Promise<TokenDto[]> {
  authorize(principal, "tokens.list");
  const now = new Date();
  const rows = await sql
    .selectFrom("Token")
    .select(tokenColumns)
    .where("userId", "=", principal.userId)
    .where("revokedAt", "is", null)
    .where("rotatedAt", "is", null)
    .where((eb) => eb.or([eb("expiresAt", ">", now), eb("refreshExpiresAt", ">", now)]))
    .orderBy("createdAt", "desc")
    .execute();
  return rows.map((row) => toTokenDto(row, principal.tokenId));
}
