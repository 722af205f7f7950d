import { z } from "zod";
import { fieldCheck } from "../errors";
import { storedText } from "../text/stored-text";
import { SCOPES, type Scope } from "./scopes";

export const scopeSchema = z.enum(SCOPES);

/** Scopes as a JSON array or as OAuth's space-separated string. */
const requestedScopesSchema = z
  .union([z.array(scopeSchema), z.string().transform((s) => s.split(/\s+/).filter(Boolean))])
  .pipe(z.array(scopeSchema).min(1, "ask for at least one scope"))
  .transform((scopes) => [...new Set(scopes)]);

// Trimmed and case-folded before it is checked: addresses are often pasted with a stray space.
export const emailSchema = storedText().trim().toLowerCase().pipe(z.email("must be an e-mail address").max(254));

export const passwordSchema = storedText().min(8, "must be at least 8 characters").max(1024);

/**
 * `scopes` (an array or a space-separated string), or OAuth's spelling `scope` (RFC 6749 §3.3):
 * either one, never both. Bodies that take scopes spread these fields and pass through
 * `oneScopeSpelling`, which leaves the scopes under `scopes`.
 */
export function scopeFields(description: string) {
  return {
    scopes: requestedScopesSchema.optional().describe(description),
    scope: requestedScopesSchema.optional().describe("the same, spelt as OAuth 2.0 clients send it"),
  };
}

export function oneScopeSpelling<T extends { scopes?: Scope[]; scope?: Scope[] }>(body: T): Omit<T, "scope"> {
  const { scope, ...rest } = body;
  return { ...rest, scopes: rest.scopes ?? scope };
}

export const notBothScopeSpellings: [(body: { scopes?: unknown; scope?: unknown }) => boolean, ReturnType<typeof fieldCheck> & { path: string[] }] = [
  (body) => body.scopes === undefined || body.scope === undefined,
  { ...fieldCheck("exactlyOne", "send scopes or scope, not both"), path: ["scope"] },
];

// Strict like every body: a misspelt attribute must not be ignored (an unread `scope` once gave a
// token every scope instead of the one asked for).
export const loginInput = z
  .strictObject({
    email: emailSchema,
    password: storedText().min(1).max(1024),
    ...scopeFields("defaults to every scope the user may hold"),
    name: storedText().trim().min(1).max(100).optional().describe("a label for this login, shown on the Tokens page"),
    grant_type: z.literal("password").optional().describe("as OAuth 2.0 clients send it; nothing else is accepted"),
  })
  .refine(...notBothScopeSpellings)
  .transform(oneScopeSpelling);
export type LoginInput = z.infer<typeof loginInput>;

export const refreshInput = z.strictObject({
  refresh_token: z.string().min(1).max(200),
  grant_type: z.literal("refresh_token").optional().describe("as OAuth 2.0 clients send it; nothing else is accepted"),
});
export type RefreshInput = z.infer<typeof refreshInput>;

export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int().describe("seconds until the access token expires"),
  scope: z.string().describe("space-separated scopes"),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;
