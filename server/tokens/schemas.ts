import type { Selectable } from "kysely";
import { z } from "zod";
import { fieldCheck } from "../errors";
import type { Token } from "../generated/kysely/database";
import { notBothScopeSpellings, oneScopeSpelling, scopeFields, scopeSchema } from "../auth/schemas";
import { parseScopes } from "../auth/scopes";
import { storedText } from "../text/stored-text";

export const tokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(["login", "personal"]).describe("login: from /auth/login, refreshable; personal: named, made here"),
    scopes: z.array(scopeSchema),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
    lastUsedFrom: z.string().nullable().describe("address of the last request that used it"),
    current: z.boolean().describe("true for the token making this request"),
  })
  .meta({ id: "Token" });
export type TokenDto = z.infer<typeof tokenSchema>;

export const createTokenInput = z
  .strictObject({ name: storedText().trim().min(1, "give the token a name").max(100), ...scopeFields("at most the caller's own") })
  .refine(...notBothScopeSpellings)
  .refine((body) => body.scopes !== undefined || body.scope !== undefined, { ...fieldCheck("scopesRequired", "name the token's scopes"), path: ["scopes"] })
  .transform(oneScopeSpelling);

export const createdTokenSchema = z
  .object({
    token: tokenSchema,
    access_token: z.string().describe("shown once; store it now"),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int().describe("seconds until it expires: 30 days, or less to end with the token that minted it"),
  })
  .meta({ id: "CreatedToken" });
export type CreatedToken = z.infer<typeof createdTokenSchema>;

export const tokenColumns = ["id", "name", "kind", "scopes", "createdAt", "expiresAt", "lastUsedAt", "lastUsedFrom"] as const;

type TokenRow = Pick<Selectable<Token>, (typeof tokenColumns)[number]>;

export function toTokenDto(row: TokenRow, currentTokenId: string | null): TokenDto {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind === "login" ? "login" : "personal",
    scopes: parseScopes(row.scopes),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedFrom: row.lastUsedFrom,
    current: row.id === currentTokenId,
  };
}
