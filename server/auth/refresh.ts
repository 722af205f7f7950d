import { sql, transaction } from "../db";
import { AppError } from "../errors";
import { revokeFamilies } from "./revoke";
import { parseScopes } from "./scopes";
import type { RefreshInput, TokenPair } from "./schemas";
import { hashRefreshToken, issueLoginPair } from "./tokens";

// POST /auth/refresh — rotation: the old pair stops working. Presenting a refresh token that
// was already exchanged means it leaked, so the whole family of that login is revoked, with every
// token minted by it. Rotation itself is normal use and leaves tokens minted by the login alone.
export async function refresh(input: RefreshInput): Promise<TokenPair> {
  const row = await sql.selectFrom("Token").selectAll().where("refreshHash", "=", hashRefreshToken(input.refresh_token)).executeTakeFirst();
  if (!row) throw new AppError("invalid_token", "The refresh token is not valid.");
  if (row.revokedAt) throw new AppError("token_revoked", "This refresh token has been revoked.");
  if (row.rotatedAt) {
    await revokeFamily(row.familyId);
    throw new AppError(
      "refresh_token_reused",
      "This refresh token was already used. Every token of this login has been revoked; sign in again.",
    );
  }
  if (row.refreshExpiresAt && row.refreshExpiresAt.getTime() <= Date.now()) {
    throw new AppError("token_expired", "The refresh token has expired; sign in again.");
  }

  const pair = await transaction(async (trx) => {
    // Conditional on the row still being current, so two racing refreshes cannot both win.
    const claimed = await trx
      .updateTable("Token")
      .set({ rotatedAt: new Date() })
      .where("id", "=", row.id)
      .where("rotatedAt", "is", null)
      .where("revokedAt", "is", null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n) return null;
    return issueLoginPair(trx, {
      userId: row.userId,
      scopes: parseScopes(row.scopes),
      name: row.name,
      familyId: row.familyId,
    });
  });
  if (!pair) {
    await revokeFamily(row.familyId);
    throw new AppError("refresh_token_reused", "This refresh token was already used; sign in again.");
  }
  return pair;
}

async function revokeFamily(familyId: string): Promise<void> {
  await transaction((trx) => revokeFamilies(trx, [familyId]));
}
