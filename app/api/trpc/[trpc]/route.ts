// /api/trpc — typed RPC over the same use cases as REST
import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { countRequests, withRateLimitHeaders } from "@/server/auth/request-limit";
import { CHAPTER_BODY_LIMIT } from "@/server/chapters/schemas";
import { AppError } from "@/server/errors";
import { nameRoute } from "@/server/log.mjs";
import { DEFAULT_BODY_LIMIT, readLimited } from "@/server/request/body";
import { parseJsonBody } from "@/server/request/decode-body";
import { ORIGINAL_METHOD_HEADER } from "@/server/request/node-requests.mjs";
import { createContext, type Context } from "@/server/trpc/context";
import { appRouter } from "@/server/trpc/root";
import { CONVERT_RPC_BODY_LIMIT } from "@/server/trpc/routers/convert";
import { trpcTransportFailure } from "@/server/trpc/transport-failure";

// The body is read before any procedure runs, so REST's limits hold here too: room for the largest
// input a procedure takes (a chapter however it is spelt, a document in base64), in a batch of ten
// calls at most. Each procedure's own limits are checked on the decoded input, as over REST.
const MAX_BATCH = 10;
const BODY_LIMIT = Math.max(CHAPTER_BODY_LIMIT, CONVERT_RPC_BODY_LIMIT);

async function handler(req: Request) {
  nameRoute(routeOf(req));
  let context: Context;
  try {
    context = await createContext({ req });
  } catch (error) {
    // Finding the caller reads the database, which may be out of reach (503, not a bare 500).
    return trpcTransportFailure(error, req);
  }
  // Each call of a batch spends from the caller's bucket, before its body is read; over the
  // limit, no call runs (429 in tRPC's shape, with Retry-After).
  const allowance = context.principal ? countRequests(context.principal, callsIn(req)) : null;
  if (allowance?.refusal) return trpcTransportFailure(allowance.refusal, req, allowance.headers);
  let request = req;
  if (req.method === "POST") {
    try {
      request = await withParsedBody(req, context);
    } catch (error) {
      return withRateLimitHeaders(trpcTransportFailure(error, req), allowance);
    }
  }
  const response = await fetchRequestHandler({ endpoint: "/api/trpc", req: request, router: appRouter, createContext: () => context, maxBatchSize: MAX_BATCH });
  return withRateLimitHeaders(asJson(response), allowance);
}

/**
 * The route the access log and the metrics count a call under: the procedure's own for a single
 * known procedure, one label for any batch or unknown name (a client may write anything there).
 */
function routeOf(req: Request): string {
  const path = new URL(req.url).pathname.replace(/^\/api\/trpc\/?/, "");
  return Object.hasOwn(appRouter._def.procedures, path) ? `/api/trpc/${path}` : "/api/trpc/{procedures}";
}

/** How many procedures a request calls: `/api/trpc/a,b,c?batch=1` calls three (tRPC refuses more than MAX_BATCH). */
function callsIn(req: Request): number {
  const path = new URL(req.url).pathname.replace(/^\/api\/trpc\/?/, "");
  return Math.min(MAX_BATCH, Math.max(1, path.split(",").length));
}

/**
 * tRPC answers the errors it raises itself before a procedure runs (an unknown procedure, a GET
 * to a mutation, a batch too long) with a JSON body and no Content-Type, which Response makes
 * text/plain. Its only other non-JSON answers are streams, which no link here asks for.
 */
function asJson(response: Response): Response {
  if (!(response.headers.get("content-type") ?? "").startsWith("text/plain")) return response;
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * tRPC would read and JSON.parse the body itself, on this thread; it gets the body parsed as REST
 * parses it (a large one in a worker) through `json()`, all its JSON handling calls. Only JSON is
 * taken: tRPC would read a multipart body with undici's FormData here, and no procedure takes one.
 */
async function withParsedBody(req: Request, context: Context): Promise<Request> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") {
    throw new AppError("unsupported_media_type", "Send the body as application/json.", { accepted: "application/json" });
  }
  // No procedure is public: a caller without a credential is refused by any of them, so a large
  // body of theirs is not worth reading.
  const bytes = await readLimited(req, context.principal ? BODY_LIMIT : DEFAULT_BODY_LIMIT);
  const input = parseJsonBody(bytes, context.principal?.userId);
  // tRPC reports a failure to parse (400 malformed_json) in its own shape, once it asks; when it
  // never asks (an unknown procedure), the failure is nobody's to report.
  input.catch(() => {});
  const request = new Request(req.url, { method: "POST", headers: req.headers, signal: req.signal });
  Object.defineProperty(request, "json", { value: () => input });
  return request;
}

// Every other method is 405 in tRPC's error shape (this is tRPC's path, not a REST one), with Allow.
const ALLOW = "GET, POST, OPTIONS";
async function notServed(request: Request) {
  nameRoute(routeOf(request));
  const method = request.headers.get(ORIGINAL_METHOD_HEADER) ?? request.method;
  if (method === "OPTIONS") return new Response(null, { status: 204, headers: { allow: ALLOW } });
  const refused = new TRPCError({ code: "METHOD_NOT_SUPPORTED", message: `${method} is not served here; use ${ALLOW}.` });
  return trpcTransportFailure(refused, request, { allow: ALLOW });
}

export { handler as GET, handler as POST, notServed as PUT, notServed as PATCH, notServed as DELETE, notServed as OPTIONS };
