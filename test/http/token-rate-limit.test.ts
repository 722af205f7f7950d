import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserSignIn } from "../support/http-browser";
import { call, expectFailure, expectSuccess, type ApiResponse } from "../support/http-client";
import { PASSWORD, uniqueEmail } from "../support/http-users";
import { startServer } from "../support/server";

// Issue 33 item 10: a per-credential limit a client can see. A server of its own with a bucket of
// five and a refill of one a minute, so that nothing refills while the test counts (it never waits).
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer({ INKSTONE_TOKEN_BURST: "5", INKSTONE_TOKEN_RATE: "1" });
}, 90_000);
afterAll(() => server?.stop());

const send = (method: string, path: string, token: string | null, json?: unknown, headers: Record<string, string> = {}) =>
  call(method, path, { baseUrl: server.baseUrl, token, json, headers });

/** A new writer, and a fresh access token of theirs from each of `count` sign-ins (each its own bucket). */
async function writerWithTokens(count: number): Promise<{ email: string; tokens: string[] }> {
  const email = uniqueEmail("limited");
  expectSuccess(await send("POST", "/api/v1/users", null, { email, password: PASSWORD }), 201);
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) tokens.push(expectSuccess(await send("POST", "/auth/login", null, { email, password: PASSWORD }), 200).access_token);
  return { email, tokens };
}

function expectRefused(response: ApiResponse): void {
  expectFailure(response, 429, "rate_limited");
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(response.body.details).toMatchObject({ retryAfter });
  expect(response.headers.get("ratelimit-remaining")).toBe("0");
  expect(response.headers.get("ratelimit-limit")).toBe("5");
}

describe("the per-credential request limit", () => {
  it("counts a token's requests down in RateLimit-* headers, then answers 429 with Retry-After", async () => {
    const { tokens } = await writerWithTokens(1);
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await send("GET", "/api/v1/books", tokens[0]!);
      expectSuccess(response, 200);
      expect(response.headers.get("ratelimit-limit")).toBe("5");
      // five at once, refilled at one a minute: five minutes to be full again
      expect(response.headers.get("ratelimit-policy")).toBe("5;w=300");
      expect(Number(response.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
      remaining.push(response.headers.get("ratelimit-remaining")!);
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    const refused = await send("GET", "/api/v1/books", tokens[0]!);
    expectRefused(refused);
    // about the one request a minute it waits for, not the whole bucket
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });

  it("limits each token on its own: another token of the same writer is not affected", async () => {
    const { tokens } = await writerWithTokens(2);
    for (let i = 0; i < 5; i++) expectSuccess(await send("GET", "/api/v1/users/me", tokens[0]!), 200);
    expectRefused(await send("GET", "/api/v1/users/me", tokens[0]!));
    const other = await send("GET", "/api/v1/users/me", tokens[1]!);
    expectSuccess(other, 200);
    expect(other.headers.get("ratelimit-remaining")).toBe("4");
  });

  it("does nothing for a write over the limit", async () => {
    const { tokens } = await writerWithTokens(2);
    expectSuccess(await send("POST", "/api/v1/books", tokens[0]!, { title: "Counted" }), 201);
    for (let i = 0; i < 4; i++) expectSuccess(await send("GET", "/api/v1/books", tokens[0]!), 200);
    expectRefused(await send("POST", "/api/v1/books", tokens[0]!, { title: "Refused" }));
    const books = expectSuccess(await send("GET", "/api/v1/books", tokens[1]!), 200) as { title: string }[];
    expect(books.map((b) => b.title)).toEqual(["Counted"]);
  });

  it("puts the headers on failures too, and leaves requests without a credential alone", async () => {
    const { tokens } = await writerWithTokens(1);
    const missing = await send("GET", "/api/v1/books/no-such-book", tokens[0]!);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("ratelimit-remaining")).toBe("4");
    for (let i = 0; i < 7; i++) {
      const anonymous = await send("GET", "/api/v1/books", null);
      expectFailure(anonymous, 401, "unauthenticated");
      expect(anonymous.headers.get("ratelimit-limit")).toBeNull();
    }
  });

  it("counts each tRPC call of a batch, and answers 429 in tRPC's shape past the limit, running nothing", async () => {
    const { tokens } = await writerWithTokens(2);
    const one = await send("GET", "/api/trpc/users.me", tokens[0]!);
    expect(one.status, one.text).toBe(200);
    expect(one.headers.get("ratelimit-remaining")).toBe("4");
    const batch = await send("GET", `/api/trpc/users.me,books.list?batch=1&input=${encodeURIComponent("{}")}`, tokens[0]!);
    expect(batch.status, batch.text).toBe(200);
    expect(batch.headers.get("ratelimit-remaining")).toBe("2");
    for (let i = 0; i < 2; i++) expect((await send("GET", "/api/trpc/users.me", tokens[0]!)).status).toBe(200);
    const refused = await send("POST", "/api/trpc/books.create", tokens[0]!, { title: "Refused over tRPC" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(refused.body.error.data).toMatchObject({ code: "TOO_MANY_REQUESTS", httpStatus: 429, error: "rate_limited", appCode: 42900 });
    expect(refused.body.error.data.details.retryAfter).toBe(Number(refused.headers.get("retry-after")));
    expect(expectSuccess(await send("GET", "/api/v1/books", tokens[1]!), 200)).toEqual([]);
  });

  it("limits a browser session per account, apart from the account's tokens", async () => {
    const { email, tokens } = await writerWithTokens(1);
    const jar = await browserSignIn(email, PASSWORD, server.baseUrl);
    const asBrowser = () => send("GET", "/api/trpc/users.me", null, undefined, { cookie: jar.header() });
    for (let i = 0; i < 5; i++) expect((await asBrowser()).status).toBe(200);
    expect((await asBrowser()).status).toBe(429);
    // a second sign-in of the same account shares the account's bucket
    const again = await browserSignIn(email, PASSWORD, server.baseUrl);
    expect((await send("GET", "/api/v1/users/me", null, undefined, { cookie: again.header() })).status).toBe(429);
    expect((await send("GET", "/api/v1/users/me", tokens[0]!)).status).toBe(200);
  });
});
