// /api/auth/* — next-auth: the browser's sign-in and session (not part of the REST API), and the
// token endpoints at the seed's /api prefix (/api/auth/login ≡ /auth/login), where next-auth has
// no action of those names. Whatever is not next-auth's answers in the error envelope.
import type { NextRequest } from "next/server";
import { handlers } from "@/server/auth/next-auth";
import { AppError } from "@/server/errors";
import { loginEndpoint, refreshEndpoint, revokeEndpoint } from "@/server/http/endpoints/auth";
import { failure } from "@/server/http/envelope";
import { routeHandlers, type RouteContext } from "@/server/http/route-handlers";

/** next-auth's actions (Auth.js 5), the first segment after /api/auth/: the browser's sign-in machinery. */
const NEXT_AUTH_ACTIONS = new Set(["providers", "session", "csrf", "signin", "signout", "callback", "verify-request", "error", "webauthn-options"]);
const TOKEN_ENDPOINTS = { login: routeHandlers(loginEndpoint), refresh: routeHandlers(refreshEndpoint), revoke: routeHandlers(revokeEndpoint) };

type Context = { params: Promise<{ nextauth: string[] }> };

function handler(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS") {
  return async (request: NextRequest, context: Context): Promise<Response> => {
    const segments = (await context.params).nextauth;
    const [action] = segments;
    if (segments.length === 1 && (action === "login" || action === "refresh" || action === "revoke")) {
      return TOKEN_ENDPOINTS[action][method](request, { params: Promise.resolve({}) } satisfies RouteContext);
    }
    if (!action || !NEXT_AUTH_ACTIONS.has(action)) {
      return failure(new AppError("not_found", "Nothing lives at this path: /api/auth/ is the browser's sign-in; the token endpoints are /auth/login, /auth/refresh and /auth/revoke."));
    }
    if (method !== "GET" && method !== "POST") {
      const refused = failure(new AppError("method_not_allowed", `${method} is not served here.`));
      refused.headers.set("allow", "GET, POST");
      return refused;
    }
    const answer = await handlers[method](request);
    // next-auth refuses what it cannot read with a bare JSON string ("Bad request."): the envelope says it too.
    if (answer.status === 400 && (answer.headers.get("content-type") ?? "").includes("json")) {
      return failure(new AppError("malformed_request", "The browser's sign-in cannot read this request."));
    }
    return answer;
  };
}

// HEAD is GET's, without the body (Next derives it).
export const GET = handler("GET");
export const POST = handler("POST");
export const PUT = handler("PUT");
export const PATCH = handler("PATCH");
export const DELETE = handler("DELETE");
export const OPTIONS = handler("OPTIONS");
