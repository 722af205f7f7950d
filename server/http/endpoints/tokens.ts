import { z } from "zod";
import { createToken } from "../../tokens/create-token";
import { createdTokenSchema, createTokenInput } from "../../tokens/schemas";
import { deleteToken } from "../../tokens/delete-token";
import { listTokens } from "../../tokens/list-tokens";
import { tokenSchema } from "../../tokens/schemas";
import { defineEndpoint } from "../endpoint";
import { noContent, success } from "../envelope";

// GET /api/v1/tokens — the caller's working tokens
export const listTokensEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/tokens",
  summary: "List your tokens that still work (logins and personal tokens)",
  operation: "tokens.list",
  auth: "required",
  success: { status: 200, description: "your tokens, newest first", schema: z.array(tokenSchema) },
  handle: async ({ principal }) => success(await listTokens(principal)),
});

// POST /api/v1/tokens — a named personal token with chosen scopes
export const createTokenEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/tokens",
  summary: "Make a named personal token; its scopes must be ones the caller holds",
  operation: "tokens.create",
  auth: "required",
  body: { schema: createTokenInput },
  success: { status: 201, description: "the token, shown once", schema: createdTokenSchema },
  errors: ["insufficient_scope"],
  handle: async ({ body, principal }) => success(await createToken(body, principal), 201),
});

// DELETE /api/v1/tokens/{tokenId} — revoke one of the caller's tokens
export const deleteTokenEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/tokens/{tokenId}",
  summary: "Revoke one of your tokens",
  operation: "tokens.delete",
  auth: "required",
  params: z.object({ tokenId: z.string().min(1).max(64) }),
  success: { status: 204, description: "revoked" },
  errors: ["not_found"],
  handle: async ({ params, principal }) => {
    await deleteToken(params, principal);
    return noContent();
  },
});
