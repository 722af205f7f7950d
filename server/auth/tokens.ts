import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql } from "../db";
import { AppError } from "../errors";
import type { Transaction } from "kysely";
import type { DB } from "../generated/kysely/database";
import { newId } from "../sql/values";
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from "./jwt";
import type { Principal } from "./principal";
import type { TokenPair } from "./schemas";
import { parseScopes, scopesForRole, type Scope } from "./scopes";

export const DISABLED_MESSAGE = "This account has been disabled by the server's admin.";

const REFRESH_TOKEN_SECONDS = 60 * 24 * 60 * 60;
// Recording every use would turn each read into a write; once a minute is enough to show "last used".
const LAST_USED_PRECISION_MS = 60_000;

export function hashRefreshToken(refreshToken: string): string {
  return createHash("sha256").update(refreshToken).digest("base64url");
}

/** Stores a new login pair (access + refresh token) and returns it as the client sees it. */
export async function issueLoginPair(
  trx: Transaction<DB>,
  options: { userId: string; scopes: readonly Scope[]; name: string; familyId?: string },
): Promise<TokenPair> {
  const now = Date.now();
  const refreshToken = randomBytes(32).toString("base64url");
  const row = await trx
    .insertInto("Token")
    .values({
      id: newId(),
      userId: options.userId,
      kind: "login",
      name: options.name,
      scopes: options.scopes.join(" "),
      jti: randomUUID(),
      refreshHash: hashRefreshToken(refreshToken),
      familyId: options.familyId ?? randomUUID(),
      expiresAt: new Date(now + ACCESS_TOKEN_SECONDS * 1000),
      refreshExpiresAt: new Date(now + REFRESH_TOKEN_SECONDS * 1000),
      createdAt: new Date(now),
    })
    .returning(["userId", "jti", "scopes", "expiresAt"])
    .executeTakeFirstOrThrow();
  return {
    access_token: await signAccessToken({ userId: row.userId, jti: row.jti, scope: row.scopes, expiresAt: row.expiresAt }),
    refresh_token: refreshToken,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_SECONDS,
    scope: row.scopes,
  };
}

/**
 * Resolves a Bearer token to its principal. The JWT proves who minted it; the database row
 * decides whether it still stands, so a revocation takes effect on the very next request.
 */
export async function principalFromAccessToken(token: string, from: string | null): Promise<Principal> {
  const { jti } = await verifyAccessToken(token);
  // Deleting a user deletes their tokens (cascade), so a row found here has its user. The user is
  // read with the token (by primary key, in the same query): a disabled account is refused at its
  // next request, even with a token minted in the instant before it was disabled, and a token acts
  // with its scopes *and* its holder's role — an admin made a writer loses `admin` from every token.
  const row = await sql
    .selectFrom("Token")
    .innerJoin("User", "User.id", "Token.userId")
    .select(["Token.id", "Token.userId", "Token.scopes", "Token.expiresAt", "Token.revokedAt", "Token.rotatedAt", "Token.lastUsedAt", "User.role", "User.disabledAt"])
    .where("Token.jti", "=", jti)
    .executeTakeFirst();
  if (!row) throw new AppError("token_revoked", "This token has been revoked.");
  if (row.revokedAt) throw new AppError("token_revoked", "This token has been revoked.");
  if (row.disabledAt) throw new AppError("account_disabled", DISABLED_MESSAGE);
  if (row.rotatedAt) throw new AppError("token_revoked", "This token was replaced by a refresh; use the new one.");
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError("token_expired", "The access token has expired.");

  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    await sql.updateTable("Token").set({ lastUsedAt: new Date(), lastUsedFrom: from }).where("id", "=", row.id).execute();
  }
  const allowed = new Set(scopesForRole(row.role));
  return { userId: row.userId, scopes: new Set(parseScopes(row.scopes).filter((scope) => allowed.has(scope))), tokenId: row.id };
}
