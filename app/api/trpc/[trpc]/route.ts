// /api/trpc — typed RPC over the same use cases as REST
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { readLimited } from "@/server/http/body";
import { CHAPTER_BODY_LIMIT } from "@/server/http/endpoints/chapters";
import { AppError } from "@/server/errors";
import { failure } from "@/server/http/envelope";
import { ORIGINAL_METHOD_HEADER } from "@/server/http/node-requests";
import { createContext } from "@/server/trpc/context";
import { appRouter } from "@/server/trpc/root";

// The body is read before any procedure runs, so REST's limits hold here too: room for one
// chapter however it is spelt (the chapter's own limit is the same schema's), in a batch of ten
// calls at most.
const MAX_BATCH = 10;
const BODY_LIMIT = CHAPTER_BODY_LIMIT;

async function handler(req: Request) {
  let request = req;
  if (req.method === "POST") {
    try {
      const body = await readLimited(req, BODY_LIMIT);
      request = new Request(req.url, { method: "POST", headers: req.headers, body: new Uint8Array(body) });
    } catch (error) {
      return failure(error);
    }
  }
  return fetchRequestHandler({ endpoint: "/api/trpc", req: request, router: appRouter, createContext, maxBatchSize: MAX_BATCH });
}

// Every other method is 405 in the envelope, with Allow, like the REST paths.
const ALLOW = "GET, POST, OPTIONS";
async function notServed(request: Request) {
  const method = request.headers.get(ORIGINAL_METHOD_HEADER) ?? request.method;
  if (method === "OPTIONS") return new Response(null, { status: 204, headers: { allow: ALLOW } });
  const response = failure(new AppError("method_not_allowed", `${method} is not served here; use ${ALLOW}.`));
  response.headers.set("allow", ALLOW);
  return response;
}

export { handler as GET, handler as POST, notServed as PUT, notServed as PATCH, notServed as DELETE, notServed as OPTIONS };
