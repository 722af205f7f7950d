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
