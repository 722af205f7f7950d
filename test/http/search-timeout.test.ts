// @module-tag postgres
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectFailure, expectSuccess } from "../support/http-client";
import { PASSWORD, uniqueEmail } from "../support/http-users";
import { startServer, type RunningServer } from "../support/server";

// Issue 30 (decision 0443): a library search that outruns the operator's limit
// (INKSTONE_SEARCH_TIMEOUT_MS) is stopped where it runs — on PostgreSQL by statement_timeout in the
// database server, on SQLite by the worker's deadline — and answered search_timed_out, and the
// server, its connections included, goes on answering. The limit is set to 1 ms so that nothing waits.

let server: RunningServer;
let token: string;

beforeAll(async () => {
  server = await startServer({ INKSTONE_SEARCH_TIMEOUT_MS: "1" });
  const account = { email: uniqueEmail("search-timeout"), password: PASSWORD };
  expectSuccess(await call("POST", "/api/v1/users", { baseUrl: server.baseUrl, json: { ...account, name: "search-timeout" } }), 201);
  token = expectSuccess(await call("POST", "/auth/login", { baseUrl: server.baseUrl, json: account }), 200).access_token;
  const book = expectSuccess(await call("POST", "/api/v1/books", { baseUrl: server.baseUrl, token, json: { title: "A Long Run", type: "novel", description: "" } }), 201);
  // A run of one letter the query nearly matches at every place: LIKE tries 29 letters at each of
  // a million places (tens of milliseconds). Every trigram of the query is in the text, so the
  // index lets the chapter through to that scan.
  const content = `${"a".repeat(1_000_000)} aab`;
  expectSuccess(await call("POST", `/api/v1/books/${book.id}/chapters`, { baseUrl: server.baseUrl, token, json: { title: "Run", content } }), 201);
}, 300_000);

afterAll(() => server?.stop());

describe("a library search past INKSTONE_SEARCH_TIMEOUT_MS", () => {
  it("is stopped and answered search_timed_out with the limit, again on the next try, and the server goes on answering", async () => {
    const at = { baseUrl: server.baseUrl, token };
    const query = `${"a".repeat(29)}b`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const details = expectFailure(await call("GET", `/api/v1/search?query=${query}`, at), 422, "search_timed_out");
      expect(details).toEqual({ timeoutMs: 1 });
    }
    // The connection the stopped statement held is free again: the next requests read the database.
    for (let i = 0; i < 3; i++) expect(expectSuccess(await call("GET", "/api/v1/books", at), 200)).toHaveLength(1);
  });
});
