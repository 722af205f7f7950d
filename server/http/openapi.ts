import { z } from "zod";
import {
  createDocument,
  type oas31,
  type ZodOpenApiContentObject,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathItemObject,
  type ZodOpenApiResponseObject,
  type ZodOpenApiResponsesObject,
} from "zod-openapi";
import { bookActionOf, OPERATION_SCOPES, type Scope } from "../auth/scopes";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from "../collections";
import { ERRORS, FIELD_ISSUE_CODES, FIELD_KEYS, type ErrorCode, type FieldProblem } from "../errors";
import { WRITABLE_MEDIA_TYPES } from "../convert/engine/formats";
import { DEFAULT_BODY_LIMIT } from "../request/body";
import { INLINE_PARSE_BYTES } from "../request/decode-body";
import { isFilePart, uploadedFile } from "../request/schemas";
import { collectionConditionHeaders, readConditionHeaders, writeConditionHeaders } from "./conditional";
import { bodyMediaTypes, requestBodySchema, servesHead, type Endpoint, type Method } from "./endpoint";
import { ENDPOINTS } from "./endpoints";

/**
 * The OpenAPI 3.1 document, generated from ENDPOINTS and their zod schemas so that it cannot
 * drift from what the routes do. Served at /api/v1/openapi.json and rendered at /reference.
 */

export const SESSION_COOKIE = "authjs.session-token";

const ERROR_NAMES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

/** One invalid field of a validation_failed answer (server/errors.ts FieldProblem, docs/api.md#field-problems). */
const fieldProblemSchema = z
  .object({
    path: z.string().describe('the field, dotted ("changes.title", "alsoBy.1.bookId"); "(body)" for the body as a whole'),
    message: z.string().describe("what is wrong, in English, for people"),
    code: z
      .enum(FIELD_ISSUE_CODES)
      .optional()
      .describe("what is wrong, for programs: zod's issue code; custom for Inkstone's own checks (see key); absent on a few refusals that only name the field"),
    origin: z.string().optional().describe("too_small, too_big: what was measured: string (characters), number, int, array, set, file (bytes), date"),
    minimum: z.number().optional().describe("too_small: the least allowed"),
    maximum: z.number().optional().describe("too_big: the most allowed"),
    inclusive: z.boolean().optional().describe("too_small, too_big: false when the limit itself is refused too"),
    exact: z.boolean().optional().describe("too_small, too_big: true when exactly that size is wanted"),
    expected: z.string().optional().describe("invalid_type: what was wanted (number, int, string, array, boolean …)"),
    format: z.string().optional().describe("invalid_format: email, url, date, time, datetime, regex …"),
    values: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).optional().describe("invalid_value: the values allowed"),
    divisor: z.number().optional().describe("not_multiple_of: what it must be a multiple of"),
    keys: z.array(z.string()).optional().describe("unrecognized_keys: the attributes not known"),
    key: z.enum(FIELD_KEYS).optional().describe("custom: which of Inkstone's own checks refused it, stable across versions"),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional().describe("custom: what the check names, e.g. {count: 2}"),
  })
  .meta({ id: "FieldProblem" }) satisfies z.ZodType<FieldProblem>;

const failureSchema = z
  .object({
    code: z.int().describe("business code (see docs/api.md); the HTTP status where nothing finer applies"),
    msg: z.string().describe("what went wrong, for people"),
    error: z.enum(ERROR_NAMES).describe("the error's name, for programs"),
    details: z
      .union([z.array(fieldProblemSchema), z.unknown()])
      .optional()
      .describe("validation_failed: one FieldProblem per invalid field; other errors: what more there is to say (the versions in a conflict, the scopes missing …)"),
    requestId: z
      .string()
      .optional()
      .describe("the id of this request, as the X-Request-Id header of the answer carries it and the server's log lines of it do: quote it when reporting a problem"),
  })
  .meta({ id: "Failure" });

const HEADER_DOCS: Record<string, string> = {
  etag: 'a strong validator, to send back in If-None-Match (304 while current) or If-Match (412 unless current): a chapter\'s version, "<version>"; for a book, a bible entry or a template, a hash of the record as you read it',
  "last-modified": "when the record last changed (for If-Modified-Since and If-Unmodified-Since)",
  "x-total-count": "how many records the whole collection holds",
  link: 'RFC 8288 links to the first, last, prev and next pages (rel="first" …)',
  allow: "the methods this path answers",
  location: "where the new record lives (201), or the job to poll (202)",
  "retry-after": "seconds to wait before trying again (429), or before polling the job (202)",
  "www-authenticate": 'Bearer realm="inkstone", error="invalid_request" | "invalid_token"',
  "content-disposition": "attachment; filename=\"…\"; filename*=UTF-8''… (RFC 6266)",
};

/**
 * The per-credential limit's headers, on every answer to a request that carried a credential
 * (docs/api.md#rate-limits-per-credential): declared once under components.headers, referenced from
 * every response of every operation that reads a credential.
 */
const RATE_LIMIT_HEADERS: Record<string, oas31.HeaderObject> = {
  "RateLimit-Limit": { description: "requests the credential may send at once (the bucket's size); present when a credential was sent and the limit is on", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "requests left in the bucket after this one", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "seconds until the bucket is full again", schema: { type: "integer" } },
  "RateLimit-Policy": { description: '"<burst>;w=<seconds>": the burst, refilled steadily over that many seconds', schema: { type: "string" } },
};

/** Every response of an operation that reads a credential: the RateLimit-* headers added, 429 rate_limited among its failures. */
function withRateLimits(responses: Record<string, ZodOpenApiResponseObject>): Record<string, ZodOpenApiResponseObject> {
  const refs = Object.fromEntries(Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]));
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [status, { ...response, headers: { ...(response.headers as oas31.HeadersObject | undefined), ...refs } }]),
  );
}

function headers(names: string[]): oas31.HeadersObject {
  return Object.fromEntries(
    names.map((name) => [name, { description: HEADER_DOCS[name] ?? name, schema: { type: "string" as const } }]),
  );
}

/** Which failures an endpoint can answer, by HTTP status (docs/architecture.md#rest-contract). */
function failuresOf(endpoint: Endpoint): Map<number, ErrorCode[]> {
  const codes: ErrorCode[] = ["malformed_request", "method_not_allowed", "not_acceptable", "internal"];
  if (endpoint.query || endpoint.collection) codes.push("invalid_query");
  // "optional" endpoints still refuse a credential that was sent but does not hold.
  // The per-credential request limit too (docs/api.md#rate-limits-per-credential).
  if (endpoint.auth !== "none") codes.push("invalid_token", "token_expired", "token_revoked", "rate_limited");
  if (endpoint.auth === "required") codes.push("unauthenticated");
  if (endpoint.operation && OPERATION_SCOPES[endpoint.operation]) codes.push("insufficient_scope");
  if (endpoint.params) codes.push("not_found");
  // Books have owners, a trash and tombstones: another writer's book is 403, a trashed one 404,
  // a purged one 410; so is everything under them. Jobs have owners too.
  if (endpoint.path.includes("{bookId}")) codes.push("forbidden", "book_in_trash", "gone");
  if (endpoint.path.includes("{chapterId}")) codes.push("chapter_in_trash");
  if (endpoint.path.includes("{jobId}")) codes.push("forbidden");
  if (endpoint.body) codes.push("malformed_json", "payload_too_large", "unsupported_media_type", "validation_failed");
  // Large bodies are parsed by workers, which may all be busy; jobs count against the writer's quota.
  if ((endpoint.body?.maxBytes ?? 0) > INLINE_PARSE_BYTES || endpoint.success.accepted) codes.push("rate_limited");
  if (endpoint.preconditions) codes.push("precondition_failed");
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
  // The scope is in x-required-scope and the description: an http scheme has no scopes to list.
  const bearer = { bearerAuth: [] };
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
  if (endpoint.aliasOf) lines.push(`Deprecated: an older address of \`${endpoint.method} ${endpoint.aliasOf}\`, served by the same handler; use that one.`);
  if (endpoint.body) lines.push(`Body limit: ${endpoint.body.maxBytes ?? DEFAULT_BODY_LIMIT} bytes (413 beyond).`);
  if (endpoint.success.paged) lines.push("Paged: `data` is the page; X-Total-Count and Link headers carry the rest.");
  return lines.join("\n\n");
}

function successResponse(endpoint: Endpoint): ZodOpenApiResponseObject {
  const { status, description, schema, paged } = endpoint.success;
  const names = [...(endpoint.success.headers ?? []), ...(paged ? ["x-total-count", "link"] : [])];
  const envelope = z.object({ code: z.literal(status), msg: z.literal("ok"), data: schema ?? z.unknown() });
  if (endpoint.success.file) {
    // Sent as the format written, so a client can tell a file from the JSON envelope of a failure.
    const file = { schema: { type: "string" as const, format: "binary" } };
    return {
      description,
      headers: headers([...names, "content-disposition"]),
      content: Object.fromEntries((endpoint.success.mediaTypes ?? WRITABLE_MEDIA_TYPES).map((type) => [type, file])),
    };
  }
  return {
    description,
    ...(names.length > 0 && { headers: headers(names) }),
    ...(status !== 204 && { content: { "application/json": { schema: envelope } } }),
  };
}

/** 304 to a GET (or HEAD) whose If-None-Match or If-Modified-Since still holds: no body. */
function notModifiedResponse(): ZodOpenApiResponseObject {
  return { description: "not modified: the ETag (or date) you sent is still current; no body", headers: headers(["etag", "last-modified"]) };
}

/** The request headers an endpoint reads: its own, and the conditional ones its declaration implies. */
function headerSchema(endpoint: Endpoint): z.ZodObject | undefined {
  const conditional =
    endpoint.preconditions === "collection"
      ? collectionConditionHeaders
      : endpoint.preconditions
        ? writeConditionHeaders
        : endpoint.method === "GET" && endpoint.success.validators
          ? readConditionHeaders
          : undefined;
  if (!conditional) return endpoint.headers;
  return endpoint.headers ? endpoint.headers.extend(conditional.shape) : conditional;
}

/** Another success in the envelope, under its own status (a dry run's 200 beside a POST's 201). */
function alsoResponse(also: { status: number; description: string; schema: z.ZodType }): ZodOpenApiResponseObject {
  return {
    description: also.description,
    content: { "application/json": { schema: z.object({ code: z.literal(also.status), msg: z.literal("ok"), data: also.schema }) } },
  };
}

/** 202: the work was queued; poll the job in `data` (and in Location) after Retry-After seconds. */
function acceptedResponse(accepted: { description: string; schema: z.ZodType }): ZodOpenApiResponseObject {
  return {
    description: accepted.description,
    headers: headers(["location", "retry-after"]),
    content: { "application/json": { schema: z.object({ code: z.literal(202), msg: z.literal("ok"), data: accepted.schema }) } },
  };
}

/**
 * The body as each media type it is taken in (`bodyMediaTypes`) carries it, from the one schema the
 * server validates with. JSON leaves out the file parts it cannot carry; where a file is optional
 * because `content` stands for it (a conversion), JSON requires `content`. A chapter's form has the
 * `file` part that stands for `content`, so there neither is required. A binary upload's form is
 * the schema as declared.
 */
function bodyContent(endpoint: Endpoint): ZodOpenApiContentObject {
  const body = endpoint.body!;
  const schema = requestBodySchema(endpoint);
  const shape: Record<string, z.ZodType> = schema instanceof z.ZodObject ? schema.shape : {};
  const content: ZodOpenApiContentObject = {};
  for (const type of bodyMediaTypes(body)) {
    if (type === "application/json") {
      const files = Object.keys(shape).filter((name) => isFilePart(shape[name]!));
      if (files.length === 0) {
        content[type] = { schema };
        continue;
      }
      const kept = Object.fromEntries(Object.entries(shape).filter(([name]) => !files.includes(name)));
      if (kept.content instanceof z.ZodOptional) kept.content = (kept.content.unwrap() as z.ZodType).describe(kept.content.description ?? "the file's text");
      content[type] = { schema: z.strictObject(kept) };
    } else if (body.multipart === true && shape.content) {
      content[type] = {
        schema: (schema as z.ZodObject).extend({
          content: shape.content.optional().describe("the text; or send it as a `file` part instead"),
          file: uploadedFile.optional().describe("the text as a UTF-8 file, instead of `content`"),
        }),
      };
    } else {
      content[type] = { schema };
    }
  }
  return content;
}

function bodyDescription(body: NonNullable<Endpoint["body"]>): string {
  if (body.multipart === "binary") {
    return body.json
      ? "multipart/form-data with the file in a `file` part; or JSON without the file, its text in `content` (text formats only)."
      : "multipart/form-data with the file in a `file` part; JSON cannot carry a file's bytes, and is refused with 415.";
  }
  return body.multipart ? "JSON, or multipart/form-data with the same fields as parts (a `file` part stands for `content`)." : "JSON.";
}

function operation(endpoint: Endpoint): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = { [endpoint.success.status]: successResponse(endpoint) };
  for (const also of endpoint.success.also ?? []) responses[also.status] = alsoResponse(also);
  if (endpoint.success.accepted) responses[202] = acceptedResponse(endpoint.success.accepted);
  if (endpoint.method === "GET" && endpoint.success.validators) responses[304] = notModifiedResponse();
  for (const [status, codes] of failuresOf(endpoint)) responses[status] = failureResponse(status, codes);
  const query = querySchema(endpoint);
  const requestHeaders = headerSchema(endpoint);
  const body = endpoint.body;
  return {
    operationId: operationId(endpoint.method, endpoint.path),
    tags: [tagOf(endpoint)],
    summary: endpoint.summary,
    description: descriptionOf(endpoint),
    security: security(endpoint),
    "x-required-scope": requiredScope(endpoint),
    // what the caller's role on the book must allow (docs/api.md, Members and roles); absent: no book
    ...(endpoint.operation && bookActionOf(endpoint.operation) ? { "x-book-action": bookActionOf(endpoint.operation) } : {}),
    "x-auth": endpoint.auth,
    ...(endpoint.aliasOf && { deprecated: true }),
    ...((endpoint.params || query || requestHeaders) && {
      requestParams: {
        ...(endpoint.params && { path: endpoint.params as z.ZodObject }),
        ...(query && { query }),
        ...(requestHeaders && { header: requestHeaders }),
      },
    }),
    ...(body && {
      requestBody: { required: true, description: bodyDescription(body), content: bodyContent(endpoint) },
    }),
    responses: (endpoint.auth === "none" ? responses : withRateLimits(responses)) as ZodOpenApiResponsesObject,
  };
}

/**
 * HEAD answers as GET does, with the headers and without a body; where GET's answer is work (a
 * file made, a job queued), from what is known without it: never a 202, and no size unless known.
 */
function headOperation(get: ZodOpenApiOperationObject, endpoint?: Endpoint): ZodOpenApiOperationObject {
  const responses = Object.fromEntries(
    Object.entries(get.responses)
      .filter(([status]) => status !== "202")
      .map(([status, response]) => [status, { ...response, content: undefined }]),
  );
  const description = endpoint?.head
    ? `${get.description}\n\nHEAD does none of GET's work: it makes the same checks and answers the file's Content-Type and Content-Disposition (and its Content-Length where it is already known), and never queues a job.`
    : get.description;
  return { ...get, operationId: get.operationId!.replace(/^get/, "head"), summary: `Headers of: ${get.summary}`, description, responses };
}

const optionsAnswer = z
  .object({
    code: z.literal(200),
    msg: z.literal("ok"),
    data: z.object({
      methods: z.array(z.string()),
      attributes: z.array(z.string()).describe("what this caller may change here"),
      required: z.record(z.string(), z.array(z.string())).optional().describe("by method: the attributes its body must carry (PUT's)"),
    }),
  })
  .meta({ id: "Options" });

/** OPTIONS: Allow, and the attributes this caller may change (by the credential's scopes). */
function optionsOperation(path: string, endpoints: Endpoint[]): ZodOpenApiOperationObject {
  // With a credential, a record's OPTIONS answers what its GET would (403, 404, 410 …).
  const read = endpoints.find((e) => e.method === "GET") ?? endpoints[0]!;
  const refusals = endpoints.some((e) => e.params)
    ? [...failuresOf({ ...read, method: "GET", body: undefined, query: undefined, collection: undefined })].filter(([status]) => [403, 404, 410].includes(status))
    : [];
  return {
    operationId: operationId("options", path),
    tags: [tagOf(endpoints[0]!)],
    summary: "Allowed methods, and the attributes this caller may change",
    description: "Reads a credential if one is sent (it must then be valid); `attributes` is empty without one.",
    security: [{}, { bearerAuth: [] }, { sessionCookie: [] }],
    "x-required-scope": null,
    "x-auth": "optional",
    ...(endpoints.some((e) => e.params) && { requestParams: { path: endpoints.find((e) => e.params)!.params as z.ZodObject } }),
    responses: withRateLimits({
      "200": { description: "the methods and attributes", headers: headers(["allow"]), content: { "application/json": { schema: optionsAnswer } } },
      "401": failureResponse(401, ["invalid_token", "token_expired", "token_revoked"]),
      ...Object.fromEntries(refusals.map(([status, codes]) => [status, failureResponse(status, codes)])),
      "429": failureResponse(429, ["rate_limited"]),
      "500": failureResponse(500, ["internal"]),
    }) as ZodOpenApiResponsesObject,
  };
}

const TAGS: oas31.TagObject[] = [
  { name: "auth", description: "Token endpoints: sign in, refresh (rotation), revoke. Also served under /v1/auth/…" },
  { name: "users", description: "Sign-up and the signed-in account" },
  { name: "tokens", description: "Named personal tokens and logins" },
  { name: "backMatter", description: "Your back matter: an about-the-author page, acknowledgements and an \"also by\" list your books print after their last chapter; each book chooses its pages (`backMatter`) and may have its own text" },
  { name: "books", description: "Books: create, list, edit, trash (PATCH `deleted`) and delete for good; export and import" },
  { name: "members", description: "A book's owner and members, with their roles: the owner adds, re-roles and removes them" },
  { name: "invitations", description: "Invitations to a book by e-mail or link, with a role and an expiry: the owner invites and withdraws; the invited person accepts" },
  { name: "snapshots", description: "Named snapshots of a book: the owner freezes it under a name; compare two, or one with today, chapter by chapter; restore a chapter from one" },
  { name: "readers", description: "Beta readers, the owner's side: share a snapshot with the book's readers; per chapter, who started and finished it, where each stopped, what they reacted to" },
  { name: "reading", description: "Beta readers, the reader's side: the shared snapshot's chapters in paragraphs, their place kept per chapter, a reaction per paragraph" },
  { name: "chapters", description: "Chapters, their order, and their revisions (one per save)" },
  { name: "parts", description: "Parts (卷, Part One, Book I) of a book: titles above runs of its chapters; the book's contents grouped under them" },
  { name: "scenes", description: "Scenes of a chapter: stretches of its text between scene-break lines, each keeping its id through edits and moves" },
  { name: "foreshadowing", description: "Foreshadowing (伏笔): a setup, where it is paid off, or the chapter it must be paid off by (one not yet written too); overdue ones flagged as the book grows" },
  { name: "plan", description: "The plan of a book's parts, chapters and scenes (synopsis, status, POV, characters, labels, plotlines, target, story date), read as an outline" },
  { name: "plotlines", description: "A book's plotlines (主线, subplots): named, coloured, ordered; the plan marks which items carry each" },
  { name: "labels", description: "A book's labels for its plan: named and coloured" },
  { name: "plotGrid", description: "The plot grid: a book's plotlines × its chapters; each cell the scenes (and chapter) whose plan carries the plotline, and the writer's note" },
  { name: "beats", description: "Beat plans: a structure template's beats placed on chapters or scenes, each beside where the structure analysis finds it in the text" },
  { name: "comments", description: "Comment threads anchored to a range of a chapter's text: replies, resolve and reopen, mentions of members" },
  { name: "suggestions", description: "Suggested edits: new words proposed for a stretch of a chapter's text, shown as a difference; accepted (a new version naming both) or rejected, one by one or all of a chapter" },
  { name: "inbox", description: "What you were told of: new threads on your books, replies, mentions, invitations; read and unread" },
  { name: "analysis", description: "Analysis templates: search, read, install, and write your own" },
  { name: "analyses", description: "A template run on a book, and its report" },
  { name: "convert", description: "Document formats, and converting a document from one to another" },
  { name: "search", description: "Search a book or the whole library; replace across a book as one change set, and undo it" },
  { name: "jobs", description: "Background work (long conversions and analyses): poll it (after Retry-After), download its file, cancel it" },
  {
    name: "webhooks",
    description:
      "Events pushed to your address instead of polled: book.created, book.deleted, chapter.saved, job.succeeded, job.failed, job.cancelled. " +
      "Each POST is signed (Inkstone-Signature: t=…,v1=HMAC-SHA256 of `t.body`), carries Inkstone-Event-Id for idempotency, and is retried with back-off; see docs/api.md#webhooks",
  },
  { name: "goals", description: "The writer's time zone, daily and session goals, days off; a book's target and deadline" },
  { name: "stats", description: "The writing ledger: today, a history of days (JSON or CSV), a book's progress" },
  { name: "releases", description: "Release planner: a book's cadence, chapters' release days and released marks, the buffer" },
  { name: "bible", description: "A book's story bible: entries (characters, places, things, lore), relations, pictures, mentions in the chapters, continuity checks, import and export" },
  { name: "series", description: "Series of books, whose bible entries belong to every book of the series" },
  { name: "meta", description: "This document" },
  {
    name: "tRPC",
    description:
      "Typed RPC over the same use cases at `/api/trpc/{procedure}` (e.g. `GET /api/trpc/books.list?input=…`, " +
      "`POST /api/trpc/books.create`). Not part of this document: see docs/api.md for its wire format.",
  },
];

const INFO_DESCRIPTION = `Inkstone's REST API. Success: \`{ "code": <status>, "msg": "ok", "data": … }\`.
Failure: \`{ "code": <business code>, "msg": "…", "error": "<name>", "details"?: …, "requestId": "…" }\`. Every answer carries
X-Request-Id (the one sent, when it is 1–128 letters, digits or . _ : -, or a new one).
Collections take page, per_page (≤ ${MAX_PER_PAGE}), sortby, order and whitelisted filters, and answer
X-Total-Count and Link headers. Aliases: /api/<path>, /v1/api/<path> and /v1/<path> ≡ /api/v1/<path>,
GET /books ≡ GET /api/v1/books, /v1/auth/… ≡ /auth/…. Requests with a credential are limited per token (per
account for a browser session): RateLimit-Limit, -Remaining, -Reset and -Policy on every answer, 429
rate_limited with Retry-After past it. Full reference: docs/api.md, and /reference.`;

function build(): oas31.OpenAPIObject {
  const byPath = new Map<string, Endpoint[]>();
  for (const endpoint of ENDPOINTS) byPath.set(endpoint.path, [...(byPath.get(endpoint.path) ?? []), endpoint]);

  const paths: Record<string, ZodOpenApiPathItemObject> = {};
  for (const [path, endpoints] of byPath) {
    const item: ZodOpenApiPathItemObject = {};
    for (const endpoint of endpoints) item[endpoint.method.toLowerCase() as Lowercase<Method>] = operation(endpoint);
    const get = endpoints.find((e) => e.method === "GET");
    if (item.get && servesHead(get)) item.head = headOperation(item.get, get);
    item.options = optionsOperation(path, endpoints);
    paths[path] = item;
  }
  const getDocument: ZodOpenApiOperationObject = {
    operationId: "getOpenapiJson",
    tags: ["meta"],
    summary: "This OpenAPI 3.1 document (raw JSON, no envelope)",
    description: "The REST API as this server serves it, generated from the same declarations as its routes. No credential needed.",
    security: [],
    "x-required-scope": null,
    "x-auth": "none",
    responses: {
      "200": { description: "the document", content: { "application/json": { schema: { type: "object" } } } },
      "405": failureResponse(405, ["method_not_allowed"]),
    },
  };
  paths["/api/v1/openapi.json"] = {
    get: getDocument,
    head: headOperation(getDocument),
    options: {
      operationId: "optionsOpenapiJson",
      tags: ["meta"],
      summary: "Allowed methods: GET, HEAD, OPTIONS; nothing here can be changed",
      description: "A document, not a resource: `attributes` is always empty.",
      security: [],
      "x-required-scope": null,
      "x-auth": "none",
      responses: { "200": { description: "the methods", headers: headers(["allow"]), content: { "application/json": { schema: optionsAnswer } } } },
    },
  };

  return withNamedRequestBodies(createDocument({
    openapi: "3.1.0",
    info: {
      title: "Inkstone API",
      version: "1",
      description: INFO_DESCRIPTION,
      // Self-hosted: whoever runs the server answers for it; the reference ships with it.
      contact: { name: "The administrator of this Inkstone server" },
    },
    servers: [{ url: "/" }],
    tags: TAGS,
    paths,
    components: {
      headers: RATE_LIMIT_HEADERS,
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
  }));
}

/**
 * Moves each request body's schema from components.schemas into components.requestBodies.
 * Generators read a schema under `schemas` as something the server sends too: openapi-typescript
 * makes a field with a default required there (the server always fills it in), which a request
 * need not carry. Under `requestBodies` the same schema keeps its name and its fields stay optional.
 * A body taken in two media types is named after its declared schema, with `Form` after it; the
 * other type's schema, derived from it (bodyContent), is written inline there.
 */
function withNamedRequestBodies(doc: oas31.OpenAPIObject): oas31.OpenAPIObject {
  const schemas = doc.components?.schemas ?? {};
  const bodies: Record<string, oas31.RequestBodyObject> = {};
  const nameOf = (media: oas31.MediaTypeObject) => (media.schema as oas31.ReferenceObject | undefined)?.$ref?.replace("#/components/schemas/", "");
  for (const item of Object.values(doc.paths ?? {})) {
    for (const method of ["post", "put", "patch", "delete"] as const) {
      const operation = item[method];
      const body = operation?.requestBody as oas31.RequestBodyObject | undefined;
      if (!operation || !body) continue;
      const names = Object.values(body.content).map(nameOf);
      const name = names.find((named) => named !== undefined);
      if (!name || !names.every((named) => named === undefined || schemas[named])) continue;
      const key = Object.keys(body.content).length > 1 ? `${name}Form` : name;
      bodies[key] ??= {
        ...body,
        content: Object.fromEntries(
          Object.entries(body.content).map(([type, media]) => {
            const named = nameOf(media);
            return [type, { schema: named ? schemas[named] : media.schema }];
          }),
        ),
      };
      operation.requestBody = { $ref: `#/components/requestBodies/${key}` };
    }
  }
  const moved = new Set(Object.values(bodies).flatMap((body) => Object.values(body.content).map((media) => media.schema)));
  const kept = Object.fromEntries(Object.entries(schemas).filter(([, schema]) => !moved.has(schema)));
  return { ...doc, components: { ...doc.components, schemas: kept, requestBodies: bodies } };
}

let document: oas31.OpenAPIObject | undefined;

/** Built once per process: the endpoints cannot change while it runs. */
export function openApiDocument(): oas31.OpenAPIObject {
  document ??= build();
  return document;
}
