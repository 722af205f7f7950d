// @module-tag postgres
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectFailure, expectSuccess, type ApiResponse } from "../support/http-client";
import { POSTGRES } from "../support/database";
import { PASSWORD } from "../support/http-users";
import { startServer, type RunningServer } from "../support/server";

// Several instances behind a load balancer share one PostgreSQL database
// (docs/architecture.md#growing-past-one-machine): whatever instance a request lands on, every
// acknowledged write is there, a stale save is refused, a revoked token is refused on the next
// request, and the sign-in limit counts every instance.
const INSTANCES = 3;
let servers: RunningServer[] = [];
beforeAll(async () => {
  if (!POSTGRES) return;
  const first = await startServer({ INKSTONE_LOGIN_ATTEMPTS: "4" });
  servers = [first, ...(await Promise.all(Array.from({ length: INSTANCES - 1 }, () => startServer({ INKSTONE_LOGIN_ATTEMPTS: "4" }, first))))];
}, 180_000);
afterAll(() => servers.forEach((server) => server.stop()));

const on = (n: number, method: string, path: string, token: string | null, json?: unknown): Promise<ApiResponse> =>
  call(method, path, { baseUrl: servers[n % INSTANCES]!.baseUrl, token, json });

async function account(label: string) {
  const credentials = { email: `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`, password: PASSWORD };
  expectSuccess(await on(0, "POST", "/api/v1/users", null, credentials), 201);
  return credentials;
}

describe.skipIf(!POSTGRES)(`${INSTANCES} instances on one PostgreSQL database`, () => {
  it("sign up, sign in and refresh anywhere: one e-mail is taken once, one refresh token wins once", async () => {
    const email = `race-${Date.now()}@example.test`;
    const signUps = await Promise.all([0, 1, 2].map((n) => on(n, "POST", "/api/v1/users", null, { email, password: PASSWORD })));
    expect(signUps.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const pair = expectSuccess(await on(1, "POST", "/auth/login", null, { email, password: PASSWORD }), 200);
    const refreshes = await Promise.all([0, 1, 2].map((n) => on(n, "POST", "/auth/refresh", null, { refresh_token: pair.refresh_token })));
    expect(refreshes.map((a) => a.status).sort()).toEqual([200, 401, 401]);
  });

  it("keeps every acknowledged save, refuses stale ones wherever they land, and keeps the book's totals", async () => {
    const writer = await account("saves");
    const { access_token: token } = expectSuccess(await on(2, "POST", "/auth/login", null, writer), 200);
    const book = expectSuccess(await on(0, "POST", "/api/v1/books", token, { title: "Shared", type: "novel", description: "" }), 201);
    const chapters = await Promise.all(
      Array.from({ length: 12 }, async (_, n) =>
        expectSuccess(await on(n, "POST", `/api/v1/books/${book.id}/chapters`, token, { title: `C${n}`, content: "word ".repeat(n + 1) }), 201),
      ),
    );
    expect(chapters.map((c) => c.position).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n + 1));

    // Five saves of one chapter against the same version, one per instance and more: exactly one wins.
    const race = await Promise.all(
      [0, 1, 2, 3, 4].map((n) => on(n, "PUT", `/api/v1/books/${book.id}/chapters/${chapters[0]!.id}`, token, { title: "C0", content: `writer ${n}`, version: 1 })),
    );
    expect(race.filter((a) => a.status === 201)).toHaveLength(1);
    for (const lost of race.filter((a) => a.status !== 201)) expectFailure(lost, 409, "version_conflict");

    // Different chapters at once, each on its own instance: every one acknowledged and there.
    const saves = await Promise.all(
      chapters.slice(1).map((chapter, n) => on(n, "PUT", `/api/v1/books/${book.id}/chapters/${chapter.id}`, token, { title: chapter.title, content: `saved ${n} `.repeat(3), version: 1 })),
    );
    for (const save of saves) expectSuccess(save, 201);
    for (let n = 0; n < INSTANCES; n++) {
      const listed = expectSuccess(await on(n, "GET", `/api/v1/books/${book.id}/chapters?include=content`, token), 200);
      for (const [i, chapter] of chapters.slice(1).entries()) {
        expect(listed.find((c: { id: string }) => c.id === chapter.id)).toMatchObject({ version: 2, content: `saved ${i} `.repeat(3) });
      }
      const totals = expectSuccess(await on(n, "GET", `/api/v1/books/${book.id}`, token), 200);
      expect(totals).toMatchObject({ chapterCount: 12, wordCount: listed.reduce((sum: number, c: { wordCount: number }) => sum + c.wordCount, 0) });
    }
  });

  it("refuses a token revoked on one instance on the very next request to every other", async () => {
    const writer = await account("revoke");
    const { access_token: token } = expectSuccess(await on(0, "POST", "/auth/login", null, writer), 200);
    for (let n = 0; n < INSTANCES; n++) expectSuccess(await on(n, "GET", "/api/v1/books", token), 200);
    expect((await on(1, "POST", "/auth/revoke", token)).status).toBeLessThan(300);
    for (let n = 0; n < INSTANCES; n++) expectFailure(await on(n, "GET", "/api/v1/books", token), 401, "token_revoked");
  });

  it("counts the sign-in limit across instances", async () => {
    const writer = await account("limit");
    // INKSTONE_LOGIN_ATTEMPTS=4 on every instance: four wrong passwords spread over three instances.
    for (let n = 0; n < 4; n++) expectFailure(await on(n, "POST", "/auth/login", null, { ...writer, password: "wrong password" }), 401, "invalid_credentials");
    expectFailure(await on(1, "POST", "/auth/login", null, { ...writer, password: "wrong password" }), 429, "rate_limited");
  });
});
