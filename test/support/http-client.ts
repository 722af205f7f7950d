import { request as httpRequest } from "node:http";
import { expect, inject } from "vitest";
import { ERRORS, type ErrorCode } from "@/server/errors";

/** What came back, with the body already read (JSON when it is JSON, else null). */
export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  body: any;
}

export interface CallOptions {
  /** a Bearer token; omit (or null) to send no Authorization header */
  token?: string | null;
  /** sent as application/json */
  json?: unknown;
  /** a raw body (FormData, string, stream…); Content-Type comes from `headers` or from fetch */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** another server than the one test/support/server.ts started (one with other settings) */
  baseUrl?: string;
}

export function url(path: string): string {
  return `${inject("baseUrl")}${path}`;
}

export async function call(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["content-type"] ??= "application/json";
  }
  const init: RequestInit & { duplex?: "half" } = { method, headers, body, redirect: "manual" };
  if (body instanceof ReadableStream) init.duplex = "half";
  const response = await fetch(options.baseUrl ? `${options.baseUrl}${path}` : url(path), init);
  const text = await response.text();
  const isJson = (response.headers.get("content-type") ?? "").includes("json");
  let parsed: unknown = null;
  if (isJson && text !== "") {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

export const get = (path: string, token?: string | null, headers?: Record<string, string>) => call("GET", path, { token, headers });
export const post = (path: string, token: string | null | undefined, json?: unknown) => call("POST", path, { token, json });
export const put = (path: string, token: string | null | undefined, json?: unknown) => call("PUT", path, { token, json });
export const patch = (path: string, token: string | null | undefined, json?: unknown) => call("PATCH", path, { token, json });
export const del = (path: string, token?: string | null) => call("DELETE", path, { token });

/**
 * Asserts the failure envelope exactly: `{code: <business code>, msg, error}` plus `details` when
 * the server sent any. Returns the details.
 */
export function expectFailure(response: ApiResponse, status: number, error: ErrorCode): unknown {
  const context = `${status} ${error}, got ${response.status} ${response.text.slice(0, 300)}`;
  expect(response.status, context).toBe(status);
  expect(ERRORS[error].status, `${error} maps to ${ERRORS[error].status}`).toBe(status);
  expect(response.headers.get("content-type"), context).toMatch(/^application\/json/);
  const { details, ...rest } = response.body ?? {};
  expect(rest, context).toEqual({ code: ERRORS[error].code, msg: expect.any(String), error });
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
 * A request on its own connection (node:http, no keep-alive pool), for bodies the server refuses
 * before reading them: the server may drop that connection, which must not hit the next request.
 * `chunks` are sent with Transfer-Encoding: chunked, so no Content-Length announces the size.
 */
export function isolatedRequest(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: Uint8Array; chunks?: Iterable<Uint8Array> },
): Promise<ApiResponse & { connection: string | null }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url(path));
    const headers: Record<string, string> = { ...options.headers };
    if (options.body) headers["content-length"] = String(options.body.byteLength);
    if (options.chunks) headers["transfer-encoding"] = "chunked";
    let answered = false;
    const request = httpRequest(target, { method, headers, agent: false }, (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => {
        const text = Buffer.concat(parts).toString("utf8");
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === "string") responseHeaders.set(name, value);
        }
        let body: unknown = null;
        try {
          body = text === "" ? null : JSON.parse(text);
        } catch {
          body = null;
        }
        resolve({ status: response.statusCode!, headers: responseHeaders, text, body, connection: response.headers.connection ?? null });
      });
    });
    // The server may answer and close while the body is still going out; the answer is what counts.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (!answered || (error.code !== "ECONNRESET" && error.code !== "EPIPE")) reject(error);
    });
    if (options.body) request.end(options.body);
    else if (options.chunks) {
      void (async () => {
        for (const chunk of options.chunks!) {
          if (request.destroyed) return;
          if (!request.write(chunk)) await new Promise((r) => request.once("drain", r));
        }
        request.end();
      })();
    } else request.end();
  });
}
