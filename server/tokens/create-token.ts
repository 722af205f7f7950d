import { randomUUID } from "node:crypto";
import { z } from "zod";
import { grantableScopes } from "../auth/grant";
import { ACCESS_TOKEN_SECONDS, signAccessToken } from "../auth/jwt";
import type { Principal } from "../auth/principal";
import { requestedScopesSchema } from "../auth/schemas";
import { authorize } from "../auth/scopes";
import { db } from "../db";
import { tokenSchema, tokenSelect, toTokenDto } from "./schemas";

export const createTokenInput = z.object({
  name: z.string().trim().min(1, "give the token a name").max(100),
  scopes: requestedScopesSchema,
});

export const createdTokenSchema = z
  .object({
    token: tokenSchema,
    access_token: z.string().describe("shown once; store it now"),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int(),
  })
  .meta({ id: "CreatedToken" });
export type CreatedToken = z.infer<typeof createdTokenSchema>;

// POST /api/v1/tokens — a named personal token, never with more scopes than the caller holds.
export async function createToken(input: z.output<typeof createTokenInput>, principal: Principal): Promise<CreatedToken> {
  authorize(principal, "tokens.create");
  const scopes = grantableScopes(principal.scopes, input.scopes);
  const expiresAt = new Date(Date.now() + ACCESS_TOKEN_SECONDS * 1000);
  const jti = randomUUID();
  const row = await db.token.create({
    data: {
      userId: principal.userId,
      kind: "personal",
      name: input.name,
      scopes: scopes.join(" "),
      jti,
      familyId: jti,
      expiresAt,
    },
    select: tokenSelect,
  });
  return {
    token: toTokenDto(row, principal.tokenId),
    access_token: await signAccessToken({ userId: principal.userId, jti, scope: row.scopes, expiresAt }),
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_SECONDS,
  };
}
