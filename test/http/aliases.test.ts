import { beforeAll, describe, expect, it } from "vitest";
import { call, expectFailure, expectSuccess, get, post } from "../support/http-client";
import { createBook } from "../support/http-books";
import { login, PASSWORD, signUp, type Account } from "../support/http-users";

let writer: Account;
let bookId: string;
let canonical: unknown;

beforeAll(async () => {
  writer = await signUp("aliases");
  bookId = (await createBook(writer.token, { title: "Aliased" })).id;
  await createBook(writer.token, { title: "Second" });
  canonical = expectSuccess(await get("/api/v1/books?sortby=title&order=asc", writer.token), 200);
});

describe("the seed's paths serve the same API as /api/v1", () => {
  it.each(["/api/books", "/v1/api/books", "/books"])("GET %s ≡ GET /api/v1/books, headers too", async (path) => {
    const response = await get(`${path}?sortby=title&order=asc`, writer.token);
    expect(expectSuccess(response, 200)).toEqual(canonical);
    expect(response.headers.get("x-total-count")).toBe("2");
  });

  it.each(["/api/books", "/v1/api/books"])("GET %s/{id} and POST %s create and read like /api/v1", async (path) => {
    expect(expectSuccess(await get(`${path}/${bookId}`, writer.token), 200).title).toBe("Aliased");
    const made = expectSuccess(await post(path, writer.token, { title: `Made via ${path}` }), 201);
    expect(expectSuccess(await get(`/api/v1/books/${made.id}`, writer.token), 200).title).toBe(`Made via ${path}`);
    expectSuccess(await call("DELETE", `${path}/${made.id}?permanent=true`, { token: writer.token }), 204);
  });

  it("GET /books/{id} reads a book", async () => {
    expect(expectSuccess(await get(`/books/${bookId}`, writer.token), 200).id).toBe(bookId);
  });

  it("keeps the same answers for failures on the aliases", async () => {
    expectFailure(await get("/api/books"), 401, "unauthenticated");
    expectFailure(await get("/v1/api/books?sortby=color", writer.token), 400, "invalid_query");
    expectFailure(await get("/books/no-such-book", writer.token), 404, "not_found");
  });

  it("/v1/auth/refresh ≡ /auth/refresh and /v1/auth/login ≡ /auth/login", async () => {
    const pair = expectSuccess(await post("/v1/auth/login", null, { email: writer.email, password: PASSWORD }), 200);
    const next = expectSuccess(await post("/v1/auth/refresh", null, { refresh_token: pair.refresh_token }), 200);
    expect(next.token_type).toBe("Bearer");
    // rotation is shared: the canonical path sees the alias's exchange as a reuse
    expectFailure(await post("/auth/refresh", null, { refresh_token: pair.refresh_token }), 401, "refresh_token_reused");
    const other = await login(writer.email, PASSWORD);
    expectSuccess(await post("/auth/refresh", null, { refresh_token: other.refresh_token }), 200);
    expectFailure(await post("/v1/auth/refresh", null, { refresh_token: other.refresh_token }), 401, "refresh_token_reused");
  });

  it("answers an unknown version with 404 in the error envelope", async () => {
    for (const path of ["/v2/api/books", "/v2/auth/refresh", "/api/v2/books"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toEqual({ code: 40400, msg: expect.any(String), error: "not_found", requestId: response.headers.get("x-request-id") });
    }
  });
});
