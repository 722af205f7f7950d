import { randomUUID } from "node:crypto";
import { z } from "zod";
import { grantableScopes } from "../auth/grant";
import { ACCESS_TOKEN_SECONDS, signAccessToken } from "../auth/jwt";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { transaction } from "../db";
import { AppError } from "../errors";
import type { Transaction } from "kysely";
import type { DB } from "../generated/kysely/database";
import { newId } from "../sql/values";
import { tokenColumns, toTokenDto, type CreatedToken, type createTokenInput } from "./schemas";

// POST /api/v1/tokens — a named personal token, never with more scopes than the caller holds.
// Minted with a Bearer token, it belongs below that token's family (revoking the family revokes
// it) and never outlives that token; made in a browser session, it stands on its own.
export async function createToken(input: z.output<typeof createTokenInput>, principal: Principal): Promise<CreatedToken> {
  authorize(principal, "tokens.create");
  const scopes = grantableScopes(principal.scopes, input.scopes);
  const jti = randomUUID();
  const now = Date.now();
  const row = await transaction(async (trx) => {
    const parent = principal.tokenId ? await lockLiveParent(trx, principal.tokenId) : null;
    const ownLife = now + ACCESS_TOKEN_SECONDS * 1000;
    return trx
      .insertInto("Token")
      .values({
        id: newId(),
        userId: principal.userId,
        kind: "personal",
        name: input.name,
        scopes: scopes.join(" "),
        jti,
        familyId: jti,
        parentFamilyId: parent?.familyId ?? null,
        expiresAt: new Date(Math.min(ownLife, parent?.expiresAt.getTime() ?? ownLife)),
        createdAt: new Date(now),
      })
      .returning(tokenColumns)
      .executeTakeFirstOrThrow();
  });
  return {
    token: toTokenDto(row, principal.tokenId),
    access_token: await signAccessToken({ userId: principal.userId, jti, scope: row.scopes, expiresAt: row.expiresAt }),
    token_type: "Bearer",
    expires_in: Math.floor((row.expiresAt.getTime() - now) / 1000),
  };
}

/**
 * The minting token's family and expiry, after a write to its row that holds the row until the
 * child is stored: a revocation of the family either ran before (and this refuses) or waits and
 * then finds the child (see revokeFamilies).
 */
async function lockLiveParent(trx: Transaction<DB>, tokenId: string): Promise<{ familyId: string; expiresAt: Date }> {
  // Writes nothing new (revokedAt stays null); the update is there for its lock.
  const locked = await trx
    .updateTable("Token")
    .set({ revokedAt: null })
    .where("id", "=", tokenId)
    .where("revokedAt", "is", null)
    .where("rotatedAt", "is", null)
    .executeTakeFirst();
  if (locked.numUpdatedRows !== 1n) throw new AppError("token_revoked", "This token has been revoked.");
  return trx.selectFrom("Token").select(["familyId", "expiresAt"]).where("id", "=", tokenId).executeTakeFirstOrThrow();
}
