// @ts-check
// CORS for the API (docs/api.md, "Calling from another origin"): the origins INKSTONE_CORS_ORIGINS
// lists may call it from a browser page with a Bearer token. Never with cookies: no
// Access-Control-Allow-Credentials, so a browser sends no session cookie and reads no answer that
// one would make. Answered by the entry, before Next, so one rule covers every API path, the
// seed's aliases and the token endpoints alike; without the variable nothing changes.

import { ORIGINAL_METHOD_HEADER } from "../request/node-requests.mjs";

/** The methods the API serves (HEAD and OPTIONS come with them). */
export const CORS_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
/** The request headers a page may send: the credential, the body's type, the conditional requests', its own request id. */
export const CORS_REQUEST_HEADERS = "Authorization, Content-Type, Accept, If-Match, If-None-Match, If-Modified-Since, If-Unmodified-Since, X-Request-Id";
/** The answer's headers a page may read beyond the CORS-safelisted ones: paging, validators, jobs, limits, files, the request id. */
export const CORS_EXPOSED_HEADERS =
  "ETag, Last-Modified, Link, X-Total-Count, Location, Retry-After, Content-Disposition, WWW-Authenticate, Allow, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, X-Request-Id";
/** How long a browser may keep a preflight's answer, in seconds. */
export const CORS_MAX_AGE = "600";

/**
 * The API's paths: everything under /api but next-auth's (the browser's own sign-in, cookies
 * only), whose token endpoints alone are Inkstone's; the token endpoints and the seed's aliases.
 * @param {string} path
 */
export function isApiPath(path) {
  if (path.startsWith("/api/auth/")) return /^\/api\/auth\/(login|refresh|revoke)\/?$/.test(path);
  return path.startsWith("/api/") || path.startsWith("/auth/") || path.startsWith("/v1/") || path === "/books" || path.startsWith("/books/");
}

/**
 * A CORS policy over the listed origins. `apply` writes its headers on the response and answers a
 * preflight itself (true: the request is answered); an origin not listed gets no CORS header, so
 * the browser keeps the answer from its page.
 * @param {readonly string[]} origins
 */
export function corsPolicy(origins) {
  const allowed = new Set(origins.map((origin) => origin.toLowerCase()));
  return {
    /**
     * @param {import("node:http").IncomingMessage} request
     * @param {import("node:http").ServerResponse} response
     * @returns {boolean}
     */
    apply(request, response) {
      if (allowed.size === 0) return false;
      const path = (request.url ?? "/").split("?")[0] ?? "/";
      if (!isApiPath(path)) return false;
      // The answer depends on Origin wherever an origin may be allowed: caches must keep them apart.
      response.setHeader("vary", "Origin");
      const origin = request.headers.origin;
      if (!origin || !allowed.has(origin.toLowerCase())) return false;
      response.setHeader("access-control-allow-origin", origin);
      // A TRACE reaches here as OPTIONS (http-server.mjs); it is no preflight and goes on to its 405.
      const preflight =
        request.method === "OPTIONS" && request.headers[ORIGINAL_METHOD_HEADER] === undefined && request.headers["access-control-request-method"] !== undefined;
      if (!preflight) {
        response.setHeader("access-control-expose-headers", CORS_EXPOSED_HEADERS);
        return false;
      }
      response.setHeader("vary", "Access-Control-Request-Method, Access-Control-Request-Headers");
      response.setHeader("access-control-allow-methods", CORS_METHODS);
      response.setHeader("access-control-allow-headers", CORS_REQUEST_HEADERS);
      response.setHeader("access-control-max-age", CORS_MAX_AGE);
      response.setHeader("cache-control", "no-store");
      response.statusCode = 204;
      response.end();
      return true;
    },
  };
}
