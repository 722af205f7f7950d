import { AppError, ERRORS } from "../errors";
import type { Page } from "../collections";
import { currentRequestId, log } from "../log.mjs";
import { machineTrouble } from "../machine-trouble";
import { cutOffRequest } from "../request/cut-off";
import { attachmentHeader } from "./content-disposition";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

export function success(data: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify({ code: status, msg: "ok", data }), {
    status,
    headers: { ...JSON_HEADERS, ...Object.fromEntries(new Headers(headers)) },
  });
}

/** A file to download: its bytes, its type, and a name that survives non-ASCII titles (RFC 6266). */
export function fileResponse(file: { bytes: Uint8Array; name: string; mediaType: string }, status = 200): Response {
  return new Response(new Uint8Array(file.bytes), { status, headers: fileHeaders({ ...file, size: file.bytes.byteLength }) });
}

/** HEAD of a file: the headers its download would carry, its length only where known without making it. */
export function fileHead(file: { name: string; mediaType: string; size?: number }): Response {
  return new Response(null, { status: 200, headers: fileHeaders(file) });
}

function fileHeaders(file: { name: string; mediaType: string; size?: number }): Record<string, string> {
  return {
    "content-type": file.mediaType,
    ...(file.size !== undefined && { "content-length": String(file.size) }),
    "content-disposition": attachmentHeader(file.name),
    "cache-control": "no-store",
  };
}

/**
 * How soon a caller told 202 should poll its job: most jobs end within seconds, and a second
 * more costs a script little while sparing the server a tight loop.
 */
export const POLL_AFTER_SECONDS = 2;

/** 202: work queued in the background, where to poll it (Location), and when (Retry-After). */
export function accepted(job: { links: { self: string } }): Response {
  return success(job, 202, { location: job.links.self, "retry-after": String(POLL_AFTER_SECONDS) });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** A page of a collection: `data` is the array, the rest travels in X-Total-Count and Link. */
export function paged<T>(page: Page<T>, url: URL): Response {
  const lastPage = Math.max(1, Math.ceil(page.total / page.perPage));
  const link = (n: number, rel: string) => {
    const target = new URL(url);
    target.searchParams.set("page", String(n));
    target.searchParams.set("per_page", String(page.perPage));
    return `<${target.pathname}${target.search}>; rel="${rel}"`;
  };
  const links = [link(1, "first"), link(lastPage, "last")];
  if (page.page > 1) links.push(link(Math.min(page.page - 1, lastPage), "prev"));
  if (page.page < lastPage) links.push(link(page.page + 1, "next"));
  return success(page.items, 200, {
    "x-total-count": String(page.total),
    link: links.join(", "),
  });
}

/** The failure envelope, carrying both of the seed's shapes: `msg` and `error`. */
export function failure(error: unknown): Response {
  if (!(error instanceof AppError)) {
    // A full disk or a database out of reach is named, and logged once for the whole outage.
    const known = machineTrouble(error) ?? cutOffRequest(error);
    // Internals stay in the server log (once, with the request id), never in the body.
    if (!known) log.error({ err: error }, "a request failed on the server");
    error = known ?? new AppError("internal", "Something went wrong on our side; the request changed nothing it reported.");
  }
  const appError = error as AppError;
  const { status, code } = ERRORS[appError.code];
  const body: Record<string, unknown> = { code, msg: appError.message, error: appError.code };
  if (appError.details !== undefined) body.details = appError.details;
  // The id the answer's X-Request-Id carries and the server's log lines of this request share.
  const requestId = currentRequestId();
  if (requestId !== undefined) body.requestId = requestId;
  const headers: Record<string, string> = { ...JSON_HEADERS };
  if (appError.retryAfter !== undefined) headers["retry-after"] = String(appError.retryAfter);
  if (status === 401) headers["www-authenticate"] = `Bearer realm="inkstone", error="${appError.code === "unauthenticated" ? "invalid_request" : "invalid_token"}"`;
  return new Response(JSON.stringify(body), { status, headers });
}
