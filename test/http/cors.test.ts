import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectSuccess, get, type ApiResponse } from "../support/http-client";
import { PASSWORD } from "../support/http-users";
import { startServer, type RunningServer } from "../support/server";

// CORS (issue 33 item 12): INKSTONE_CORS_ORIGINS lists the origins whose pages may call the API
// with a Bearer token; unset, the server answers no CORS header at all (same-origin only).
const ALLOWED = "https://app.example.com";
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ INKSTONE_CORS_ORIGINS: `${ALLOWED}, http://localhost:5173` });
}, 120_000);
afterAll(() => server?.stop());

const on = (method: string, path: string, headers: Record<string, string>, token?: string): Promise<ApiResponse> =>
  call(method, path, { baseUrl: server.baseUrl, headers, token });

const preflight = (path: string, origin: string, method = "PUT") =>
  on("OPTIONS", path, { origin, "access-control-request-method": method, "access-control-request-headers": "authorization, content-type, if-match" });

describe("CORS with INKSTONE_CORS_ORIGINS set", () => {
  it("answers a listed origin's preflight with its origin, the methods and headers, and never credentials", async () => {
    for (const path of ["/api/v1/books/some-id", "/api/books", "/auth/refresh", "/api/trpc/books.list", "/books"]) {
      const answer = await preflight(path, ALLOWED);
      expect(answer.status, path).toBe(204);
      expect(answer.headers.get("access-control-allow-origin"), path).toBe(ALLOWED);
      expect(answer.headers.get("access-control-allow-methods"), path).toContain("PATCH");
      const allowed = answer.headers.get("access-control-allow-headers")!.toLowerCase().split(/,\s*/);
      expect(allowed, path).toEqual(expect.arrayContaining(["authorization", "content-type", "if-match", "if-none-match", "if-unmodified-since"]));
      expect(answer.headers.get("access-control-allow-credentials"), path).toBeNull();
      expect(answer.headers.get("vary")?.toLowerCase(), path).toContain("origin");
    }
    // Origins compare whole: another port, scheme or host is another origin.
    for (const origin of ["https://evil.example.com", "http://app.example.com", "https://app.example.com:8443"]) {
      expect((await preflight("/api/v1/books", origin)).headers.get("access-control-allow-origin"), origin).toBeNull();
    }
  });

  it("puts the origin and the exposed headers on a listed origin's answers, and Vary: Origin on every API answer", async () => {
    const credentials = { email: `cors-${Date.now()}@example.test`, password: PASSWORD };
    expectSuccess(await call("POST", "/api/v1/users", { baseUrl: server.baseUrl, json: credentials }), 201);
    const pair = expectSuccess(await call("POST", "/auth/login", { baseUrl: server.baseUrl, json: credentials, headers: { origin: ALLOWED } }), 200);
    const list = await on("GET", "/api/v1/books", { origin: ALLOWED }, pair.access_token);
    expect(list.status).toBe(200);
    expect(list.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    const exposed = list.headers.get("access-control-expose-headers")!.toLowerCase().split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(["etag", "link", "x-total-count", "location", "retry-after"]));
    expect(list.headers.get("access-control-allow-credentials")).toBeNull();
    expect(list.headers.get("vary")?.toLowerCase()).toContain("origin");

    const stranger = await on("GET", "/api/v1/books", { origin: "https://evil.example.com" }, pair.access_token);
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    expect(stranger.headers.get("vary")?.toLowerCase()).toContain("origin");
    // next-auth's endpoints are the browser's own sign-in, with cookies: never shared across origins.
    expect((await on("GET", "/api/auth/session", { origin: ALLOWED })).headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("CORS without INKSTONE_CORS_ORIGINS (the test suite's own server)", () => {
  it("answers no CORS header: same-origin only", async () => {
    const answer = await call("OPTIONS", "/api/v1/books", { headers: { origin: ALLOWED, "access-control-request-method": "GET" } });
    expect(answer.headers.get("access-control-allow-origin")).toBeNull();
    expect((await get("/api/v1/convert/formats", null, { origin: ALLOWED })).headers.get("access-control-allow-origin")).toBeNull();
  });
});
