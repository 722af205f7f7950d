import { z } from "zod";
import { clientAddress } from "../../auth/client-address";
import { login } from "../../auth/login";
import { refresh } from "../../auth/refresh";
import { revokeCurrentToken } from "../../auth/revoke";
import { loginInput, refreshInput, tokenPairSchema } from "../../auth/schemas";
import { defineEndpoint } from "../endpoint";
import { success } from "../envelope";

// POST /auth/login — e-mail and password for an access/refresh token pair
export const loginEndpoint = defineEndpoint({
  method: "POST",
  path: "/auth/login",
  summary: "Sign in for an access and refresh token pair",
  operation: null,
  auth: "none",
  body: { schema: loginInput },
  success: { status: 200, description: "a new token pair", schema: tokenPairSchema },
  errors: ["invalid_credentials", "insufficient_scope", "rate_limited"],
  handle: async ({ body, request }) => success(await login(body, clientAddress(request.headers))),
});

// POST /auth/refresh — exchange a refresh token for a new pair; the old pair stops working
export const refreshEndpoint = defineEndpoint({
  method: "POST",
  path: "/auth/refresh",
  summary: "Exchange a refresh token for a new pair (rotation)",
  operation: null,
  auth: "none",
  body: { schema: refreshInput },
  success: { status: 200, description: "a new token pair", schema: tokenPairSchema },
  errors: ["invalid_token", "token_revoked", "token_expired", "refresh_token_reused"],
  handle: async ({ body }) => success(await refresh(body)),
});

// POST /auth/revoke — the Bearer token sent stops working at once
export const revokeEndpoint = defineEndpoint({
  method: "POST",
  path: "/auth/revoke",
  summary: "Revoke the Bearer token sent with this request",
  operation: null,
  auth: "required",
  success: { status: 200, description: "revoked", schema: z.object({ revoked: z.literal(true) }) },
  handle: async ({ principal }) => success(await revokeCurrentToken(principal)),
});
