import { z } from "zod";
import { AppError } from "../errors";
import { changedAfter, type Precondition, type Validators } from "../preconditions";

// The conditional request headers (RFC 9110 §13.1), read in one place for every endpoint that takes
// them: a write's If-Match and If-Unmodified-Since become a Precondition its use case checks with
// the write; a GET's If-None-Match and If-Modified-Since are compared here, after the read.

// One list element: optional whitespace, an entity tag (W/ for weak; etagc is any visible ASCII but
// the double quote, or obs-text) and the whitespace after it, then a comma or the end. The space
// after a tag is read only after a tag: had it been optional on its own, a run of spaces before
// what is no tag could be split between the two in every way, a match tried in the square of its
// length (test/unit/conditional-headers.test.ts).
const ELEMENT = /[ \t]*(?:((?:W\/)?"[\x21\x23-\x7E\x80-\xFF]*")[ \t]*)?(?:,|$)/y;

/** `*`, or the entity tags of a list (`"a", W/"b"`); null when the value is not that. */
function entityTags(value: string): "*" | string[] | null {
  if (value.trim() === "*") return "*";
  const tags: string[] = [];
  for (let at = 0; at < value.length; ) {
    ELEMENT.lastIndex = at;
    const element = ELEMENT.exec(value);
    if (!element || ELEMENT.lastIndex === at) return null;
    if (element[1]) tags.push(element[1]);
    at = ELEMENT.lastIndex;
  }
  return tags.length > 0 ? tags : null;
}

/** An HTTP-date (IMF-fixdate, or the obsolete forms Date.parse reads); null when it is none. */
function httpDate(value: string | null): Date | null {
  if (value === null || !/^[A-Za-z]{3,9},? /.test(value.trim())) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * A write's precondition, from If-Match and If-Unmodified-Since; undefined when neither is sent.
 * An If-Match that is not `*` or a list of entity tags is 400 (it cannot be evaluated, and a write
 * the client meant to guard must not go ahead unguarded); If-Unmodified-Since is ignored beside
 * If-Match, and when it is not an HTTP-date (RFC 9110 §13.1.4).
 */
export function preconditionOf(request: Request): Precondition | undefined {
  const ifMatch = request.headers.get("if-match");
  if (ifMatch !== null) {
    const tags = entityTags(ifMatch);
    if (tags === null) throw new AppError("malformed_request", 'If-Match must be * or entity tags as ETag gave them, e.g. If-Match: "3q2-7w".');
    return { ifMatch: tags };
  }
  const ifUnmodifiedSince = httpDate(request.headers.get("if-unmodified-since"));
  return ifUnmodifiedSince ? { ifUnmodifiedSince } : undefined;
}

/**
 * The version a chapter's save names in If-Match (`"3"`, its ETag; `W/"3"` and `3` are read too),
 * undefined without If-Match; anything else is 400. A chapter's saves compare versions, not tags:
 * a stale one is 412 from the save itself (docs/api.md, "Saving chapters").
 */
export function ifMatchVersion(request: Request): number | undefined {
  const ifMatch = request.headers.get("if-match");
  if (ifMatch === null) return undefined;
  const version = Number(ifMatch.replace(/^W\//, "").replaceAll('"', "").trim());
  if (!(Number.isInteger(version) && version >= 1)) throw new AppError("malformed_request", 'If-Match must name a chapter version, e.g. If-Match: "3".');
  return version;
}

const opaque = (tag: string) => (tag.startsWith("W/") ? tag.slice(2) : tag);

/**
 * Whether a GET or HEAD may answer 304 (RFC 9110 §13.2.2, steps 3 and 4): If-None-Match names
 * the current ETag by weak comparison, or is `*`; without If-None-Match, the record has not
 * changed since If-Modified-Since. An If-None-Match that does not parse matches nothing.
 */
export function notModified(request: Request, current: Validators): boolean {
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const tags = entityTags(ifNoneMatch);
    if (tags === "*") return true;
    return tags !== null && current.etag !== undefined && tags.some((tag) => opaque(tag) === opaque(current.etag!));
  }
  const since = httpDate(request.headers.get("if-modified-since"));
  return since !== null && current.lastModified !== undefined && !changedAfter(current.lastModified, since);
}

/** ETag and Last-Modified, as a 200, a write's 201 and a 304 carry them. */
export function validatorHeaders(validators: Validators | undefined): Record<string, string> {
  return {
    ...(validators?.etag && { etag: validators.etag }),
    ...(validators?.lastModified && { "last-modified": validators.lastModified.toUTCString() }),
  };
}

/** 304: no body, the validators and the caching headers the 200 would have carried. */
export function notModifiedResponse(validators: Validators): Response {
  return new Response(null, { status: 304, headers: { ...validatorHeaders(validators), "cache-control": "no-store" } });
}

/** The request headers a GET with validators reads, for the OpenAPI document. */
export const readConditionHeaders = z.object({
  "If-None-Match": z.string().optional().describe("the ETag you hold (or a list, or *): 304 with no body while it is current (weak comparison)"),
  "If-Modified-Since": z.string().optional().describe("an HTTP-date: 304 when the record has not changed since; ignored beside If-None-Match"),
});

/** The request headers a write with preconditions reads, for the OpenAPI document. */
export const writeConditionHeaders = z.object({
  "If-Match": z
    .string()
    .optional()
    .describe("the ETag you read (or a list, or *): 412 precondition_failed and nothing changed unless it is current (strong comparison); 400 when it is no entity tag"),
  "If-Unmodified-Since": z.string().optional().describe("an HTTP-date: 412 when the record changed after it; ignored beside If-Match, or when not a date"),
});

/** The request header a POST that creates reads: its target, the collection, has no ETag. */
export const collectionConditionHeaders = z.object({
  "If-Match": z.string().optional().describe("* goes ahead; any entity tag is 412 precondition_failed, since a collection has no ETag"),
});
