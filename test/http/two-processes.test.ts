// @module-tag postgres
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectSuccess } from "../support/http-client";
import { PASSWORD } from "../support/http-users";
import { POSTGRES } from "../support/database";
import { startServer, type RunningServer } from "../support/server";

// A rolling restart runs two processes on one SQLite file for a while: writes from both at once
// must wait for each other, never fail with "database is locked" or a timeout.
let first: RunningServer;
let second: RunningServer;
beforeAll(async () => {
  first = await startServer();
  second = await startServer({}, first);
}, 120_000);
afterAll(() => {
  first?.stop();
  second?.stop();
});

describe("two server processes on one database file", () => {
  it("take 160 concurrent writes between them without one failure, and both see every one", async () => {
    const on = (server: RunningServer, method: string, path: string, token: string | null, json: unknown) =>
      call(method, path, { baseUrl: server.baseUrl, token, json });
    const account = { email: `two-processes-${Date.now()}@example.test`, password: PASSWORD };
    expectSuccess(await on(first, "POST", "/api/v1/users", null, account), 201);
    const { access_token: token } = expectSuccess(await on(second, "POST", "/auth/login", null, account), 200);
    const book = expectSuccess(await on(first, "POST", "/api/v1/books", token, { title: "Shared", type: "novel", description: "" }), 201);

    const servers = [first, second];
    const answers = await Promise.all(
      Array.from({ length: 160 }, async (_, n) => {
        const server = servers[n % 2]!;
        if (n % 4 < 2) return on(server, "POST", "/api/v1/books", token, { title: `Book ${n}`, type: "novel", description: "" });
        const chapter = await on(server, "POST", `/api/v1/books/${book.id}/chapters`, token, { title: `Chapter ${n}`, content: `word `.repeat(n) });
        if (chapter.status !== 201) return chapter;
        return on(servers[(n + 1) % 2]!, "PUT", `/api/v1/books/${book.id}/chapters/${chapter.body.data.id}`, token, {
          title: `Chapter ${n}`,
          content: `word `.repeat(n + 1),
          version: 1,
        });
      }),
    );
    const failures = answers.filter((answer) => answer.status !== 201).map((answer) => `${answer.status} ${answer.text.slice(0, 200)}`);
    expect(failures).toEqual([]);

    for (const server of servers) {
      const books = await call("GET", "/api/v1/books?per_page=1", { baseUrl: server.baseUrl, token });
      expect(books.headers.get("x-total-count")).toBe("81");
      const shared = expectSuccess(await call("GET", `/api/v1/books/${book.id}`, { baseUrl: server.baseUrl, token }), 200);
      const saved = Array.from({ length: 160 }, (_, n) => n).filter((n) => n % 4 >= 2);
      expect(shared).toMatchObject({ chapterCount: 80, wordCount: saved.reduce((sum, n) => sum + n + 1, 0) });
    }
  }, 120_000);
});

// The file, its modes and its pages are SQLite's; on PostgreSQL they are the server's (docs/operations.md).
describe.skipIf(POSTGRES)("the database on disk", () => {
  it("is readable by the server's user only: the file 0600, the data folder 0700", async () => {
    const file = first.databaseUrl.replace(/^file:/, "");
    for (const part of [file, `${file}-wal`]) expect((statSync(part).mode & 0o777).toString(8), part).toBe("600");
    expect((statSync(first.dataDir).mode & 0o777).toString(8)).toBe("700");
  });

  it("keeps no trace of a book's text once it is deleted for good", async () => {
    const account = { email: `purge-${Date.now()}@example.test`, password: PASSWORD };
    expectSuccess(await call("POST", "/api/v1/users", { baseUrl: first.baseUrl, json: account }), 201);
    const { access_token: token } = expectSuccess(await call("POST", "/auth/login", { baseUrl: first.baseUrl, json: account }), 200);
    const secret = `zanzibar-${randomBytes(8).toString("hex")}`;
    const options = { baseUrl: first.baseUrl, token };
    const book = expectSuccess(await call("POST", "/api/v1/books", { ...options, json: { title: secret, type: "novel", description: secret } }), 201);
    const chapter = expectSuccess(await call("POST", `/api/v1/books/${book.id}/chapters`, { ...options, json: { title: secret, content: `${secret} `.repeat(2000) } }), 201);
    const path = `/api/v1/books/${book.id}/chapters/${chapter.id}`;
    expectSuccess(await call("PUT", path, { ...options, json: { title: secret, content: `${secret}!`, version: 1 } }), 201);
    const file = first.databaseUrl.replace(/^file:/, "");
    const onDisk = () => [file, `${file}-wal`].some((part) => existsSync(part) && readFileSync(part).includes(secret));
    expect(onDisk()).toBe(true);

    expectSuccess(await call("DELETE", `/api/v1/books/${book.id}?permanent=true`, options), 204);
    expect(onDisk()).toBe(false);
  });
});
