import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { expect, inject } from "vitest";
import { ERRORS, type ErrorCode } from "@/server/errors";

/** What came back, with the body already read (JSON when it is JSON, else null). */
export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** the body as bytes, for files (DOCX, EPUB, PDF) the test reads back */
  bytes: Uint8Array;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  body: any;
}

export interface CallOptions {
  /** a Bearer token; omit (or null) to send no Authorization header */
  token?: string | null;
  /** sent as application/json */
  json?: unknown;
  /** a raw body (FormData, string, stream…); Content-Type comes from `headers` or, as fetch sets it, from the body */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** another server than the one test/support/server.ts started (one with other settings) */
  baseUrl?: string;
  /** aborts the request (an attacker's loop that the test has seen enough of) */
  signal?: AbortSignal;
}

export function url(path: string): string {
  return `${inject("baseUrl")}${path}`;
}

export async function call(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
  // fetch's own default headers (the server negotiates on them); no Accept-Encoding: the answers
  // come uncompressed, as they would to a client that does not ask for compression.
  const headers: Record<string, string> = { accept: "*/*", "accept-language": "*", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array | ReadableStream | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["content-type"] ??= "application/json";
  } else if (typeof options.body === "string" || options.body instanceof Uint8Array || options.body instanceof ReadableStream) {
    body = options.body;
  } else if (options.body !== undefined && options.body !== null) {
    // FormData, Blob, URLSearchParams…: encoded as fetch encodes them, with their Content-Type.
    const encoded = new Response(options.body);
    body = new Uint8Array(await encoded.arrayBuffer());
    const type = encoded.headers.get("content-type");
    if (type && !Object.keys(headers).some((name) => name.toLowerCase() === "content-type")) headers["content-type"] = type;
  }
  return exchange(new URL(options.baseUrl ? `${options.baseUrl}${path}` : url(path)), method, headers, body, options.signal);
}

/**
 * One exchange over node:http, redirects not followed (fetch's `redirect: "manual"`). Not fetch:
 * Node 20's fetch compiles its HTTP parser (WebAssembly) on a process's first request, ~150 ms of
 * CPU in each of the hundreds of test processes a run starts (decision 0524).
 */
function exchange(target: URL, method: string, headers: Record<string, string>, body: string | Uint8Array | ReadableStream | undefined, signal?: AbortSignal): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const length = typeof body === "string" ? Buffer.byteLength(body) : body instanceof Uint8Array ? body.byteLength : undefined;
    const sent = length === undefined ? headers : { "content-length": String(length), ...headers };
    const request = httpRequest(target, { method, headers: sent, signal }, (answer) => {
      const parts: Buffer[] = [];
      answer.on("data", (part: Buffer) => parts.push(part));
      answer.on("error", reject);
      answer.on("end", () => {
        const bytes = new Uint8Array(Buffer.concat(parts));
        const text = new TextDecoder().decode(bytes);
        const responseHeaders = new Headers();
        for (let i = 0; i < answer.rawHeaders.length; i += 2) responseHeaders.append(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
        resolve({ status: answer.statusCode ?? 0, headers: responseHeaders, text, bytes, body: parseJson(responseHeaders, text) });
      });
    });
    request.on("error", (error) => reject(signal?.aborted ? signal.reason : error));
    if (body instanceof ReadableStream) pipeline(Readable.fromWeb(body as NodeReadableStream), request).catch(reject);
    else request.end(body);
  });
}

function parseJson(headers: Headers, text: string): unknown {
  if (!(headers.get("content-type") ?? "").includes("json") || text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const get = (path: string, token?: string | null, headers?: Record<string, string>) => call("GET", path, { token, headers });
export const post = (path: string, token: string | null | undefined, json?: unknown) => call("POST", path, { token, json });
export const put = (path: string, token: string | null | undefined, json?: unknown) => call("PUT", path, { token, json });
export const patch = (path: string, token: string | null | undefined, json?: unknown) => call("PATCH", path, { token, json });
export const del = (path: string, token?: string | null) => call("DELETE", path, { token });

/**
 * Asserts the failure envelope exactly: `{code: <business code>, msg, error, requestId}` plus
 * `details` when the server sent any, `requestId` being the answer's X-Request-Id. Returns the details.
 */
export function expectFailure(response: ApiResponse, status: number, error: ErrorCode): unknown {
  const context = `${status} ${error}, got ${response.status} ${response.text.slice(0, 300)}`;
  expect(response.status, context).toBe(status);
  expect(ERRORS[error].status, `${error} maps to ${ERRORS[error].status}`).toBe(status);
  expect(response.headers.get("content-type"), context).toMatch(/^application\/json/);
  const { details, ...rest } = response.body ?? {};
  expect(rest, context).toEqual({ code: ERRORS[error].code, msg: expect.any(String), error, requestId: response.headers.get("x-request-id") });
  expect(rest.msg.length).toBeGreaterThan(0);
  return details;
}

/** Asserts the success envelope `{code: status, msg: "ok", data}` (or an empty 204) and returns data. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
export function expectSuccess(response: ApiResponse, status: number): any {
  const context = `expected ${status}, got ${response.status} ${response.text.slice(0, 300)}`;
  expect(response.status, context).toBe(status);
  if (status === 204) {
    expect(response.text, context).toBe("");
    return undefined;
  }
  expect(response.headers.get("content-type"), context).toMatch(/^application\/json/);
  expect(Object.keys(response.body).sort(), context).toEqual(["code", "data", "msg"]);
  expect(response.body.code).toBe(status);
  expect(response.body.msg).toBe("ok");
  return response.body.data;
}

/**
 * A request on its own connection (a raw socket, no keep-alive pool), for bodies the server refuses
 * before reading them: the server may answer and drop that connection while the body is still
 * going out, which must neither hit the next request nor lose the answer. node:http cannot promise
 * the latter (an EPIPE on the body's write can destroy the request before its response is parsed),
 * so the answer is read from the socket as it arrives and parsed once the server closes or it is
 * complete. `chunks` are sent with Transfer-Encoding: chunked, so no Content-Length announces the size.
 */
export function isolatedRequest(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: Uint8Array; chunks?: Iterable<Uint8Array> },
): Promise<ApiResponse & { connection: string | null }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url(path));
    const headers: Record<string, string> = { host: target.host, ...options.headers };
    if (options.body) headers["content-length"] = String(options.body.byteLength);
    if (options.chunks) headers["transfer-encoding"] = "chunked";
    const head = [`${method} ${target.pathname}${target.search} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), "", ""].join("\r\n");
    const received: Buffer[] = [];
    let settled = false;
    const finish = () => {
      if (settled) return;
      const answer = parseResponse(Buffer.concat(received));
      if (!answer) return;
      settled = true;
      socket.destroy();
      resolve(answer);
    };
    const socket = connect(Number(target.port), target.hostname);
    socket.on("data", (part: Buffer) => {
      received.push(part);
      finish();
    });
    socket.on("close", () => {
      finish();
      if (!settled) reject(new Error(`the server closed the connection without a whole answer (${Buffer.concat(received).length} bytes)`));
    });
    // A write the server no longer reads fails with EPIPE or ECONNRESET: the answer is what counts.
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.write(head);
    if (options.body) socket.write(options.body);
    else if (options.chunks) {
      void (async () => {
        for (const chunk of options.chunks!) {
          if (socket.destroyed) return;
          const framed = Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
          if (!socket.write(framed)) await new Promise((r) => socket.once("drain", r));
        }
        if (!socket.destroyed) socket.write("0\r\n\r\n");
      })();
    }
  });
}

/** An HTTP/1.1 answer from its raw bytes, once they hold all of it (else null). */
function parseResponse(raw: Buffer): (ApiResponse & { connection: string | null }) | null {
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine, ...lines] = raw.subarray(0, end).toString("latin1").split("\r\n");
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  let rest = raw.subarray(end + 4);
  let bodyBytes: Buffer;
  if ((headers.get("transfer-encoding") ?? "").includes("chunked")) {
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = rest.indexOf("\r\n");
      if (lineEnd < 0) return null;
      const size = parseInt(rest.subarray(0, lineEnd).toString("latin1"), 16);
      if (size === 0) break;
      if (rest.length < lineEnd + 2 + size + 2) return null;
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
    bodyBytes = Buffer.concat(parts);
  } else {
    const length = Number(headers.get("content-length") ?? "0");
    if (rest.length < length) return null;
    bodyBytes = rest.subarray(0, length);
  }
  const text = bodyBytes.toString("utf8");
  let body: unknown = null;
  try {
    body = text === "" ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: Number(statusLine!.split(" ")[1]), headers, text, bytes: new Uint8Array(bodyBytes), body, connection: headers.get("connection") };
}

/** A job once it has succeeded or failed (polled every 100 ms, for at most 30 s). */
export async function waitForJob(token: string, jobId: string) {
  for (let i = 0; i < 300; i += 1) {
    const job = expectSuccess(await get(`/api/v1/jobs/${jobId}`, token), 200);
    if (job.status === "succeeded" || job.status === "failed") return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the job did not finish in 30 s");
}
