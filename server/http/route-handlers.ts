import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import type { Principal } from "../auth/principal";
import { principalFromRequest } from "../auth/principal-from-request";
import { countRequests, withRateLimitHeaders, type RequestAllowance } from "../auth/request-limit";
import { authorize, hasScope, OPERATION_SCOPES } from "../auth/scopes";
import { parseCollectionQuery } from "../collections";
import { AppError, fieldProblems, type ErrorCode } from "../errors";
import { acceptsJson } from "../request/accept";
import { DEFAULT_BODY_LIMIT } from "../request/body";
import { ORIGINAL_METHOD_HEADER, UNREPRESENTABLE_METHODS } from "../request/node-requests.mjs";
import { nameRoute } from "../log.mjs";
import { machineSavedAgain } from "../machine-trouble";
import { bodyMediaTypes, METHODS, requestBodySchema, servesHead, type AnyCollection, type AnyObject, type Endpoint, type HandlerContext, type Method } from "./endpoint";
import { ENDPOINTS } from "./endpoints";
import { failure, success } from "./envelope";
import { readBody } from "./read-body";

// The handlers that serve the declarations of endpoint.ts, apart from them: OPTIONS reads every
// declaration (endpoints/index.ts), and each declaration imports endpoint.ts.

export type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

/** Where run() leaves what the request met of the per-credential limit, for its answer's headers, failures included. */
interface Counted {
  allowance?: RequestAllowance | null;
}

/**
 * Serves one request. With `counted`, a request with a principal spends from its credential's
 * bucket first, before any other work (a refused one does nothing); without, it is not counted
 * again (OPTIONS's probe re-runs a GET inside a request already counted).
 */
async function run(endpoint: Endpoint, request: Request, context: RouteContext, counted?: Counted): Promise<Response> {
  // A file's handler negotiates its own format; its failures are still the JSON envelope.
  if (!endpoint.success.file && !acceptsJson(request.headers.get("accept"))) {
    throw new AppError("not_acceptable", "This endpoint answers in application/json only.", { available: ["application/json"] });
  }
  const url = new URL(request.url);
  const principal = endpoint.auth === "none" ? null : await principalFromRequest(request);
  if (endpoint.auth === "required" && !principal) {
    throw new AppError("unauthenticated", "Sign in, or send a Bearer token.");
  }
  if (principal && counted) spend(principal, counted);
  // The use case checks the scope again; checking here first answers 403 before a body is read.
  if (principal && endpoint.operation) authorize(principal, endpoint.operation);

  const params = endpoint.params ? parseParams(endpoint.params, await context.params) : {};
  // An unknown parameter is a 400 everywhere; a collection's and the endpoint's own are read together.
  const { query, options: collection } = endpoint.collection
    ? parseCollectionQuery(endpoint.collection, url.searchParams, endpoint.query as z.ZodObject | undefined)
    : { query: parseQuery(endpoint.query ?? NO_QUERY, url.searchParams), options: undefined };
  const body = endpoint.body
    ? await readBody(request, requestBodySchema(endpoint), {
        maxBytes: endpoint.body.maxBytes ?? DEFAULT_BODY_LIMIT,
        multipart: endpoint.body.multipart ?? false,
        json: bodyMediaTypes(endpoint.body).includes("application/json"),
        owner: principal?.userId,
      })
    : undefined;
  const handled = { request, url, principal, params, query, collection, body: endpoint.body?.echoes ? withoutEchoes(endpoint.body.echoes, params, body) : body };
  if (endpoint.readOnly && principal) handled.body = await withoutReadOnly(endpoint, { ...handled, principal }, handled.body as Record<string, unknown>);
  return endpoint.handle(handled);
}

/**
 * Read-only attributes the server changes on its own, through other requests (a chapter saved, a
 * template installed): a client's differing copy is only older, not an attempt to change them. They
 * are ignored, so a stale PUT meets the version check (409) instead of a 422 about counts.
 */
const SERVER_MAINTAINED = new Set(["updatedAt", "wordCount", "chapterCount", "installs"]);

/**
 * Takes the read-only attributes out of a body; each must equal the stored value (422 naming those
 * that do not), except the ones the server maintains.
 */
async function withoutReadOnly(
  endpoint: Endpoint,
  context: HandlerContext<AnyObject, z.ZodType, AnyObject, AnyCollection | undefined> & { principal: Principal },
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const own = (endpoint.body!.schema as z.ZodObject).shape;
  const echoed = Object.keys(body).filter((name) => !(name in own) && !SERVER_MAINTAINED.has(name) && body[name] !== undefined);
  if (echoed.length === 0) return body;
  const stored = await endpoint.readOnly!.current(context);
  const differing = echoed.filter((name) => !isDeepStrictEqual(asJson(body[name]), asJson(stored[name])));
  if (differing.length > 0) {
    throw new AppError(
      "validation_failed",
      "Read-only attributes can be sent back only as they are stored.",
      differing.map((name) => ({ path: name, message: `read-only: it is ${JSON.stringify(stored[name])}` })),
    );
  }
  return Object.fromEntries(Object.entries(body).filter(([name]) => name in own));
}

/**
 * Takes out of a body the path parameters it repeats (the seed's chapter upload sends `bookId`):
 * each must be the path's (422 naming it otherwise).
 */
function withoutEchoes(names: readonly string[], params: Record<string, unknown>, body: unknown): unknown {
  const fields = body as Record<string, unknown>;
  const differing = names.filter((name) => fields[name] !== undefined && fields[name] !== params[name]);
  if (differing.length > 0) {
    throw new AppError(
      "validation_failed",
      "The body names another record than the path.",
      differing.map((name) => ({ path: name, message: `must be the path's ${name}, ${JSON.stringify(params[name])}, or left out` })),
    );
  }
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !names.includes(name)));
}

// As the client read it: the stored value as JSON carries it (dates as ISO strings).
const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

function parseParams(schema: AnyObject, raw: Record<string, string | string[]>) {
  const parsed = schema.safeParse(raw);
  // A path that does not parse names no record that could exist.
  if (!parsed.success) throw new AppError("not_found", "Nothing lives at this path.", fieldProblems(parsed.error.issues));
  return parsed.data;
}

function spend(principal: Principal, counted: Counted): void {
  counted.allowance = countRequests(principal);
  if (counted.allowance?.refusal) throw counted.allowance.refusal;
}

const NO_QUERY = z.object({});
// Each endpoint's query schema made strict once, not on every request.
const strictQueries = new WeakMap<AnyObject, AnyObject>();

function parseQuery(schema: AnyObject, params: URLSearchParams) {
  let strict = strictQueries.get(schema);
  if (!strict) {
    strict = z.strictObject((schema as z.ZodObject).shape);
    strictQueries.set(schema, strict);
  }
  const parsed = strict.safeParse(Object.fromEntries(params));
  if (!parsed.success) {
    throw new AppError("invalid_query", "The query string asks for something this endpoint cannot do.", fieldProblems(parsed.error.issues));
  }
  return parsed.data;
}

/**
 * Next.js route exports for one path: each declared method, HEAD (GET without a body), OPTIONS
 * (Allow, plus the attributes this caller may change), and 405 in the envelope for the rest.
 */
export function routeHandlers(...endpoints: Endpoint[]): Record<Method | "HEAD" | "OPTIONS", RouteHandler> {
  // The access log and the metrics count requests by the declared path, never the raw one.
  const route = endpoints[0]?.path ?? UNMATCHED_ROUTE;
  const handlers = endpoints.length === 0 ? notFoundHandlers() : servingHandlers(endpoints);
  const named = (handle: RouteHandler): RouteHandler => (request, context) => {
    nameRoute(route);
    return handle(request, context);
  };
  return Object.fromEntries(Object.entries(handlers).map(([method, handle]) => [method, named(handle)])) as Record<Method | "HEAD" | "OPTIONS", RouteHandler>;
}

/** The route label of a path under /api that no endpoint declares (one label, whatever the path). */
export const UNMATCHED_ROUTE = "/api/{unknown}";

function servingHandlers(endpoints: Endpoint[]): Record<Method | "HEAD" | "OPTIONS", RouteHandler> {
  const byMethod = new Map(endpoints.map((e) => [e.method, e]));
  const get = byMethod.get("GET");
  // HEAD is GET without its work: an endpoint with its own `head` runs that instead of `handle`.
  const head = servesHead(get) ? (get.head ? { ...get, handle: get.head } : get) : undefined;
  const allowed = [...byMethod.keys(), ...(head ? ["HEAD"] : []), "OPTIONS"];
  const allow = allowed.join(", ");

  const handler = (method: Method): RouteHandler => async (request, context) => {
    const endpoint = byMethod.get(method);
    const counted: Counted = {};
    try {
      if (!endpoint) throw new AppError("method_not_allowed", `${method} is not allowed here; use ${allow}.`);
      const response = await run(endpoint, request, context, counted);
      if (method !== "GET" && response.ok) machineSavedAgain();
      return withRateLimitHeaders(response, counted.allowance);
    } catch (error) {
      const response = failure(error);
      if (!endpoint) response.headers.set("allow", allow);
      return withRateLimitHeaders(response, counted.allowance);
    }
  };

  const handlers = Object.fromEntries(METHODS.map((m) => [m, handler(m)])) as Record<Method, RouteHandler>;
  return {
    ...handlers,
    async HEAD(request, context) {
      let response: Response;
      const counted: Counted = {};
      try {
        if (!head) {
          const why = get ? "GET here queues work, which HEAD must not" : "there is no GET here";
          throw new AppError("method_not_allowed", `HEAD is not allowed: ${why}; use ${allow}.`);
        }
        response = await run(head, new Request(request, { method: "GET" }), context, counted);
      } catch (error) {
        response = failure(error);
        if (!head) response.headers.set("allow", allow);
      }
      return withRateLimitHeaders(new Response(null, { status: response.status, headers: response.headers }), counted.allowance);
    },
    async OPTIONS(request, context) {
      const original = request.headers.get(ORIGINAL_METHOD_HEADER);
      if (original && UNREPRESENTABLE_METHODS.has(original)) return handler(original as Method)(request, { params: Promise.resolve({}) });
      const counted: Counted = {};
      try {
        const principal = await principalFromRequest(request);
        if (principal) spend(principal, counted);
        // What GET would answer about the record, OPTIONS answers: another writer's book is
        // 403 and an unknown id 404, not a list of attributes no PATCH could change.
        const { inTrash, changeable } =
          principal && endpoints.some((e) => e.params) ? await probe(endpoints[0]!.path, request, context, principal) : UNPROBED;
        const attributes = new Set<string>();
        const required: Record<string, readonly string[]> = {};
        for (const endpoint of endpoints) {
          const scope = endpoint.operation ? OPERATION_SCOPES[endpoint.operation] : null;
          if (principal && (scope === null || hasScope(principal, scope))) {
            // In the trash, a record takes one change: coming out of it.
            endpoint.writableAttributes
              ?.filter((a) => (inTrash ? a === "deleted" : changeable === "all" || changeable.includes(a)))
              .forEach((a) => attributes.add(a));
            if (endpoint.requiredAttributes) required[endpoint.method] = endpoint.requiredAttributes;
          }
        }
        const answer = endpoints.some((e) => e.requiredAttributes) ? { methods: allowed, attributes: [...attributes], required } : { methods: allowed, attributes: [...attributes] };
        return withRateLimitHeaders(success(answer, 200, { allow }), counted.allowance);
      } catch (error) {
        return withRateLimitHeaders(failure(error), counted.allowance);
      }
    },
  };
}

const IN_TRASH: ReadonlySet<ErrorCode> = new Set(["book_in_trash", "chapter_in_trash"]);

interface Probed {
  inTrash: boolean;
  changeable: readonly string[] | "all";
}
const UNPROBED: Probed = { inTrash: false, changeable: "all" };

/**
 * Runs the nearest GET at or above this path that reads a record (not a file: an export is work),
 * as the caller, and throws its failure; answers whether the record is in the trash, and what of
 * it the caller may change.
 */
async function probe(path: string, request: Request, context: RouteContext, principal: Principal): Promise<Probed> {
  for (let at = path; at.includes("{"); at = at.slice(0, at.lastIndexOf("/"))) {
    const get = ENDPOINTS.find((e) => e.method === "GET" && e.path === at && !e.success.file);
    if (!get) continue;
    const url = new URL(request.url);
    url.search = "";
    const headers = new Headers(request.headers);
    headers.delete("accept");
    try {
      const read = await run(get, new Request(url, { method: "GET", headers }), context);
      if (!get.changeable || at !== path) return UNPROBED;
      const { data } = (await read.json()) as { data: unknown };
      return { inTrash: false, changeable: get.changeable(data, principal) };
    } catch (error) {
      if (error instanceof AppError && IN_TRASH.has(error.code)) return { inTrash: true, changeable: [] };
      throw error;
    }
  }
  return UNPROBED;
}

/** For paths no endpoint serves (including unknown API versions): 404 in the envelope. */
function notFoundHandlers(): Record<Method | "HEAD" | "OPTIONS", RouteHandler> {
  const notFound: RouteHandler = async () => failure(new AppError("not_found", "No endpoint lives at this path."));
  return Object.fromEntries([...METHODS, "HEAD", "OPTIONS"].map((m) => [m, notFound])) as Record<Method | "HEAD" | "OPTIONS", RouteHandler>;
}
