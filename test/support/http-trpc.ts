import { expect } from "vitest";
import { ERRORS, type ErrorCode } from "@/server/errors";
import { call, type ApiResponse } from "./http-client";

/** A tRPC query over HTTP without a transformer: GET /api/trpc/<path>?input=<url-encoded JSON>. */
export function trpcQuery(path: string, input: unknown, token?: string | null, headers: Record<string, string> = {}): Promise<ApiResponse> {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return call("GET", `/api/trpc/${path}${query}`, { token, headers });
}

/** A tRPC mutation over HTTP without a transformer: POST /api/trpc/<path> with the raw JSON input. */
export function trpcMutation(path: string, input: unknown, token?: string | null, headers: Record<string, string> = {}): Promise<ApiResponse> {
  return call("POST", `/api/trpc/${path}`, { token, json: input, headers });
}

/**
 * A tRPC error as tRPC's clients read it: JSON labelled application/json, `{error: {message, code,
 * data}}` with the HTTP status, tRPC's code, and Inkstone's business code and name (null, and the
 * HTTP status as appCode, for errors tRPC raises itself), and the answer's X-Request-Id as
 * `data.requestId`. Returns `data.details`.
 */
export function expectTrpcError(response: ApiResponse, status: number, error: ErrorCode | null, trpcCode?: string): unknown {
  const context = response.text.slice(0, 300);
  expect(response.status, context).toBe(status);
  expect(response.headers.get("content-type"), context).toMatch(/^application\/json/);
  expect(Object.keys(response.body ?? {}), context).toEqual(["error"]);
  expect(response.body.error, context).toMatchObject({
    message: expect.any(String),
    code: expect.any(Number),
    data: {
      code: error ? ERRORS[error].trpc : (trpcCode ?? expect.any(String)),
      httpStatus: status,
      appCode: error ? ERRORS[error].code : status,
      error,
      requestId: response.headers.get("x-request-id"),
    },
  });
  return response.body.error.data.details;
}
