import { z } from "zod";
import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathItemObject,
  type ZodOpenApiResponseObject,
  type ZodOpenApiResponsesObject,
} from "zod-openapi";
import { OPERATION_SCOPES, type Scope } from "../auth/scopes";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from "../collections";
import { ERRORS, type ErrorCode } from "../errors";
import { DEFAULT_BODY_LIMIT } from "./body";
import type { Endpoint, Method } from "./endpoint";
import { ENDPOINTS } from "./endpoints";

/**
 * The OpenAPI 3.1 document, generated from ENDPOINTS and their zod schemas so that it cannot
 * drift from what the routes do. Served at /api/v1/openapi.json and rendered at /reference.
 */

export const SESSION_COOKIE = "authjs.session-token";

const ERROR_NAMES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

const failureSchema = z
  .object({
    code: z.int().describe("business code (see docs/api.md); the HTTP status where nothing finer applies"),
    msg: z.string().describe("what went wrong, for people"),
    error: z.enum(ERROR_NAMES).describe("the error's name, for programs"),
    details: z.unknown().optional().describe("e.g. one { path, message } per invalid field"),
  })
  .meta({ id: "Failure" });

const HEADER_DOCS: Record<string, string> = {
  etag: 'a chapter\'s version, "<version>", to send back in If-Match when saving; for a book, W/"<ms>", a weak validator for caches',
  "last-modified": "when the record last changed",
  "x-total-count": "how many records the whole collection holds",
  link: 'RFC 8288 links to the first, last, prev and next pages (rel="first" …)',
  allow: "the methods this path answers",
  location: "where the new record lives (201), or the job to poll (202)",
  "retry-after": "seconds to wait before trying again",
  "www-authenticate": 'Bearer realm="inkstone", error="invalid_request" | "invalid_token"',
  "content-disposition": "attachment; filename=\"…\"; filename*=UTF-8''… (RFC 6266)",
};

function headers(names: string[]): oas31.HeadersObject {
  return Object.fromEntries(
    names.map((name) => [name, { description: HEADER_DOCS[name] ?? name, schema: { type: "string" as const } }]),
  );
}

/** Which failures an endpoint can answer, by HTTP status (the rules in DESIGN §2). */
function failuresOf(endpoint: Endpoint): Map<number, ErrorCode[]> {
  const codes: ErrorCode[] = ["malformed_request", "method_not_allowed", "not_acceptable", "internal"];
  if (endpoint.query || endpoint.collection) codes.push("invalid_query");
  // "optional" endpoints still refuse a credential that was sent but does not hold.
  if (endpoint.auth !== "none") codes.push("invalid_token", "token_expired", "token_revoked");
  if (endpoint.auth === "required") codes.push("unauthenticated");
  if (endpoint.operation && OPERATION_SCOPES[endpoint.operation]) codes.push("insufficient_scope");
  if (endpoint.params) codes.push("not_found");
  // Only books have owners and tombstones: another writer's book is 403, a purged one 410.
  if (endpoint.path.includes("{bookId}")) codes.push("forbidden", "gone");
  if (endpoint.body) codes.push("malformed_json", "payload_too_large", "unsupported_media_type", "validation_failed");
  codes.push(...(endpoint.errors ?? []));

  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERRORS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

function failureResponse(status: number, codes: ErrorCode[]): ZodOpenApiResponseObject {
  const extra = status === 401 ? ["www-authenticate"] : status === 405 ? ["allow"] : status === 429 ? ["retry-after"] : [];
  return {
    description: codes.map((c) => `\`${c}\` (${ERRORS[c].code})`).join(", "),
    ...(extra.length > 0 && { headers: headers(extra) }),
    content: { "application/json": { schema: failureSchema } },
    "x-errors": codes,
  };
}

function requiredScope(endpoint: Endpoint): Scope | null {
  return endpoint.operation ? OPERATION_SCOPES[endpoint.operation] : null;
}

function tagOf(endpoint: Endpoint): string {
  if (endpoint.operation) return endpoint.operation.split(".")[0]!;
  return endpoint.path.startsWith("/auth/") ? "auth" : endpoint.path.split("/")[3]!;
}

/** getBooksBookIdChapters: method plus the path, without the /api/v1 prefix. */
function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/v1\//, "/")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}

/** The query: a collection's page, per_page, sortby, order and filters, plus the endpoint's own. */
function querySchema(endpoint: Endpoint): z.ZodObject | undefined {
  const own = (endpoint.query as z.ZodObject | undefined)?.shape ?? {};
  const spec = endpoint.collection;
  if (!spec) return Object.keys(own).length > 0 ? z.object(own) : undefined;
  const filters = Object.fromEntries(
    Object.entries(spec.filters).map(([name, schema]) => [name, schema.optional().describe(schema.description ?? `only records with this ${name}`)]),
  );
  return z.object({
    page: z.int().min(1).default(1).describe("1-based page number"),
    per_page: z.int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE).describe(`records per page, at most ${MAX_PER_PAGE}`),
    sortby: z.enum(spec.sortable as [string, ...string[]]).default(spec.defaultSort).describe("the attribute to sort by"),
    order: z.enum(["asc", "desc"]).default(spec.defaultOrder),
    ...filters,
    ...own,
  });
}

function security(endpoint: Endpoint): oas31.SecurityRequirementObject[] {
  const scope = requiredScope(endpoint);
  const bearer = { bearerAuth: scope ? [scope] : [] };
  if (endpoint.auth === "none") return [];
  // The browser session carries every scope the user's role allows.
  if (endpoint.auth === "required") return [bearer, { sessionCookie: [] }];
  return [{}, bearer, { sessionCookie: [] }];
}

function descriptionOf(endpoint: Endpoint): string {
  const scope = requiredScope(endpoint);
  const who =
    endpoint.auth === "none"
      ? "No credential needed."
      : endpoint.auth === "optional"
        ? "A credential is optional; one that is sent must be valid."
        : scope
          ? `Required scope: \`${scope}\` (or \`admin\`).`
          : "Any signed-in caller; no scope needed.";
  const lines = [endpoint.summary + ".", who];
  if (endpoint.body) lines.push(`Body limit: ${endpoint.body.maxBytes ?? DEFAULT_BODY_LIMIT} bytes (413 beyond).`);
  if (endpoint.success.paged) lines.push("Paged: `data` is the page; X-Total-Count and Link headers carry the rest.");
  return lines.join("\n\n");
}

function successResponse(endpoint: Endpoint): ZodOpenApiResponseObject {
  const { status, description, schema, paged } = endpoint.success;
  const names = [...(endpoint.success.headers ?? []), ...(paged ? ["x-total-count", "link"] : [])];
  const envelope = z.object({ code: z.literal(status), msg: z.literal("ok"), data: schema ?? z.unknown() });
  if (endpoint.success.file) {
    return {
      description,
      headers: headers([...names, "content-disposition"]),
      content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
    };
  }
  return {
    description,
    ...(names.length > 0 && { headers: headers(names) }),
    ...(status !== 204 && { content: { "application/json": { schema: envelope } } }),
  };
}

/** 202: the work was queued; poll the job in `data` (and in Location). */
function acceptedResponse(accepted: { description: string; schema: z.ZodType }): ZodOpenApiResponseObject {
  return {
    description: accepted.description,
    headers: headers(["location"]),
    content: { "application/json": { schema: z.object({ code: z.literal(202), msg: z.literal("ok"), data: accepted.schema }) } },
  };
}

function operation(endpoint: Endpoint): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = { [endpoint.success.status]: successResponse(endpoint) };
  if (endpoint.success.accepted) responses[202] = acceptedResponse(endpoint.success.accepted);
  for (const [status, codes] of failuresOf(endpoint)) responses[status] = failureResponse(status, codes);
  const query = querySchema(endpoint);
  const body = endpoint.body;
  return {
    operationId: operationId(endpoint.method, endpoint.path),
    tags: [tagOf(endpoint)],
    summary: endpoint.summary,
    description: descriptionOf(endpoint),
    security: security(endpoint),
    "x-required-scope": requiredScope(endpoint),
    "x-auth": endpoint.auth,
    ...((endpoint.params || query) && {
      requestParams: { ...(endpoint.params && { path: endpoint.params as z.ZodObject }), ...(query && { query }) },
    }),
    ...(body && {
      requestBody: {
        required: true,
        description:
          body.multipart === "binary"
            ? "multipart/form-data with the document in a `file` part (or JSON where the schema says so)."
            : body.multipart
              ? "JSON, or multipart/form-data with the same fields as parts (a `file` part stands for `content`)."
              : "JSON.",
        content: {
          "application/json": { schema: body.schema },
          ...(body.multipart && { "multipart/form-data": { schema: body.schema } }),
        },
      },
    }),
    responses: responses as ZodOpenApiResponsesObject,
  };
}

/** HEAD answers as GET does, with the headers and without a body. */
function headOperation(get: ZodOpenApiOperationObject): ZodOpenApiOperationObject {
  const responses = Object.fromEntries(
    Object.entries(get.responses).map(([status, response]) => [status, { ...response, content: undefined }]),
  );
  return { ...get, operationId: get.operationId!.replace(/^get/, "head"), summary: `Headers of: ${get.summary}`, responses };
}

/** OPTIONS: Allow, and the attributes this caller may change (by the credential's scopes). */
function optionsOperation(path: string, endpoints: Endpoint[]): ZodOpenApiOperationObject {
  return {
    operationId: operationId("options", path),
    tags: [tagOf(endpoints[0]!)],
    summary: "Allowed methods, and the attributes this caller may change",
    description: "Reads a credential if one is sent (it must then be valid); `attributes` is empty without one.",
    security: [{}, { bearerAuth: [] }, { sessionCookie: [] }],
    "x-required-scope": null,
    "x-auth": "optional",
    ...(endpoints.some((e) => e.params) && { requestParams: { path: endpoints.find((e) => e.params)!.params as z.ZodObject } }),
    responses: {
      "200": {
        description: "the methods and attributes",
        headers: headers(["allow"]),
        content: {
          "application/json": {
            schema: z.object({
              code: z.literal(200),
              msg: z.literal("ok"),
              data: z.object({ methods: z.array(z.string()), attributes: z.array(z.string()) }),
            }),
          },
        },
      },
      "401": failureResponse(401, ["invalid_token", "token_expired", "token_revoked"]),
      "500": failureResponse(500, ["internal"]),
    },
  };
}

const TAGS: oas31.TagObject[] = [
  { name: "auth", description: "Token endpoints: sign in, refresh (rotation), revoke. Also served under /v1/auth/…" },
  { name: "users", description: "Sign-up and the signed-in account" },
  { name: "tokens", description: "Named personal tokens and logins" },
  { name: "books", description: "Books: create, list, edit, trash (PATCH `deleted`) and delete for good" },
  { name: "chapters", description: "Chapters, their order, and their revisions (one per save)" },
  { name: "meta", description: "This document" },
  {
    name: "tRPC",
    description:
      "Typed RPC over the same use cases at `/api/trpc/{procedure}` (e.g. `GET /api/trpc/books.list?input=…`, " +
      "`POST /api/trpc/books.create`). Not part of this document: see docs/api.md for its wire format.",
  },
];

const INFO_DESCRIPTION = `Inkstone's REST API. Success: \`{ "code": <status>, "msg": "ok", "data": … }\`.
Failure: \`{ "code": <business code>, "msg": "…", "error": "<name>", "details"?: … }\`.
Collections take page, per_page (≤ ${MAX_PER_PAGE}), sortby, order and whitelisted filters, and answer
X-Total-Count and Link headers. Aliases: /api/<resource> and /v1/api/<resource> ≡ /api/v1/<resource>,
GET /books ≡ GET /api/v1/books, /v1/auth/… ≡ /auth/…. Full reference: docs/api.md, and /reference.`;

function build(): oas31.OpenAPIObject {
  const byPath = new Map<string, Endpoint[]>();
  for (const endpoint of ENDPOINTS) byPath.set(endpoint.path, [...(byPath.get(endpoint.path) ?? []), endpoint]);

  const paths: Record<string, ZodOpenApiPathItemObject> = {};
  for (const [path, endpoints] of byPath) {
    const item: ZodOpenApiPathItemObject = {};
    for (const endpoint of endpoints) item[endpoint.method.toLowerCase() as Lowercase<Method>] = operation(endpoint);
    if (item.get) item.head = headOperation(item.get);
    item.options = optionsOperation(path, endpoints);
    paths[path] = item;
  }
  paths["/api/v1/openapi.json"] = {
    get: {
      operationId: "getOpenapiJson",
      tags: ["meta"],
      summary: "This OpenAPI 3.1 document (raw JSON, no envelope)",
      security: [],
      "x-required-scope": null,
      "x-auth": "none",
      responses: { "200": { description: "the document", content: { "application/json": { schema: { type: "object" } } } } },
    },
  };

  return createDocument({
    openapi: "3.1.0",
    info: { title: "Inkstone API", version: "1", description: INFO_DESCRIPTION },
    servers: [{ url: "/" }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "An access token from POST /auth/login or a personal token from POST /api/v1/tokens.",
        },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: `The browser's next-auth session (named __Secure-${SESSION_COOKIE} over https); it holds every scope of the user's role.`,
        },
      },
    },
  });
}

let document: oas31.OpenAPIObject | undefined;

/** Built once per process: the endpoints cannot change while it runs. */
export function openApiDocument(): oas31.OpenAPIObject {
  document ??= build();
  return document;
}
