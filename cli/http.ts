import http from "node:http";
import https from "node:https";
import { Readable, type Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import zlib from "node:zlib";

/**
 * One HTTP exchange over node:http(s), answered as a fetch `Response` for the rest of the CLI to
 * read. Not fetch itself: Node 20's fetch compiles its HTTP parser (WebAssembly) on a process's
 * first request, about 150 ms of CPU, more than the rest of a command's start (decision 0523).
 * What fetch did that the CLI relies on is kept: compressed answers are decompressed, redirects
 * are followed (a proxy sending http:// on to https://) without carrying the token to another
 * origin, and a timeout aborts with a TimeoutError.
 */
export interface HttpRequest {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array | ReadableStream<Uint8Array>;
  signal?: AbortSignal;
}

/** fetch's limit (WHATWG Fetch, "HTTP-redirect fetch"). */
const MAX_REDIRECTS = 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Answers that carry no body, whatever their headers say. */
const NO_BODY = new Set([101, 204, 205, 304]);

export async function httpRequest(url: URL, request: HttpRequest): Promise<Response> {
  for (let redirects = 0; ; redirects++) {
    const answer = await exchange(url, request);
    const status = answer.statusCode ?? 0;
    const location = answer.headers.location;
    if (!REDIRECTS.has(status) || location === undefined || redirects === MAX_REDIRECTS) return responseOf(answer, request.method);
    // As fetch: a 303 (and a 301 or 302 after a POST) goes on as a GET without the body; any other redirect sends the request again.
    const asGet = (status === 303 && request.method !== "GET" && request.method !== "HEAD") || ((status === 301 || status === 302) && request.method === "POST");
    // A streamed body was spent on the first exchange: it cannot be sent again.
    if (!asGet && request.body instanceof ReadableStream) return responseOf(answer, request.method);
    answer.resume();
    const next = new URL(location, url);
    const headers = asGet ? withoutBodyHeaders(request.headers) : { ...request.headers };
    if (next.origin !== url.origin) delete headers.authorization;
    request = asGet ? { ...request, method: "GET", body: undefined, headers } : { ...request, headers };
    url = next;
  }
}

function exchange(url: URL, { method, headers, body, signal }: HttpRequest): Promise<http.IncomingMessage> {
  const send = url.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    // A body in hand goes with its length, as fetch sends it: chunked, a DELETE's body is refused.
    const length = typeof body === "string" ? Buffer.byteLength(body) : body instanceof Uint8Array ? body.byteLength : undefined;
    const sent = { "accept-encoding": "gzip, deflate, br", ...(length === undefined ? {} : { "content-length": String(length) }), ...headers };
    const outgoing = send(url, { method, headers: sent, signal }, resolve);
    outgoing.on("error", (error) => reject(signal?.aborted ? signal.reason : error));
    if (body instanceof ReadableStream) pipeline(Readable.fromWeb(body as NodeReadableStream), outgoing).catch(reject);
    else outgoing.end(body);
  });
}

function responseOf(answer: http.IncomingMessage, method: string): Response {
  const headers = new Headers();
  for (let i = 0; i < answer.rawHeaders.length; i += 2) headers.append(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
  const status = answer.statusCode ?? 0;
  if (NO_BODY.has(status) || method === "HEAD") {
    answer.resume();
    return new Response(null, { status, statusText: answer.statusMessage, headers });
  }
  const decoder = decoderOf(headers.get("content-encoding"));
  const body: Readable = decoder ? answer.pipe(decoder) : answer;
  if (decoder) answer.on("error", (error) => decoder.destroy(error));
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status, statusText: answer.statusMessage, headers });
}

function decoderOf(encoding: string | null): Transform | null {
  switch (encoding?.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

function withoutBodyHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name !== "content-type" && name !== "content-length"));
}
