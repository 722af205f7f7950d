import { beforeAll, describe, expect, it } from "vitest";
import { CHAPTER_BODY_LIMIT } from "@/server/chapters/schemas";
import { expectSuccess, get, isolatedRequest, post, type ApiResponse } from "../support/http-client";
import { expectTrpcError, trpcMutation, trpcQuery } from "../support/http-trpc";
import { expiredCopy, login, mintToken, PASSWORD, signUp, type Account } from "../support/http-users";

let writer: Account;
let stranger: Account;
beforeAll(async () => {
  [writer, stranger] = await Promise.all([signUp("trpc"), signUp("trpc-stranger")]);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
function expectResult(response: ApiResponse): any {
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  expect(Object.keys(response.body)).toEqual(["result"]);
  return response.body.result.data;
}


describe("books over tRPC", () => {
  it("books.create takes the raw input and answers the book with its id", async () => {
    const book = expectResult(await trpcMutation("books.create", { title: "RPC Book", type: "fantasy", description: "over RPC" }, writer.token));
    expect(book).toMatchObject({ id: expect.any(String), title: "RPC Book", type: "fantasy", description: "over RPC", ownerId: writer.id, deleted: false });
    // the same book over REST
    expect(expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200)).toEqual(book);
  });

  it("books.list takes no input and answers the caller's books as REST's page", async () => {
    const own = expectResult(await trpcMutation("books.create", { title: "Listed", type: "novel", description: "" }, writer.token));
    const listed = expectResult(await trpcQuery("books.list", undefined, writer.token));
    expect(listed).toEqual({ items: expect.any(Array), total: expect.any(Number), page: 1, perPage: 20 });
    expect(listed.items.map((b: { id: string }) => b.id)).toContain(own.id);
    expect(listed.items.every((b: { ownerId: string }) => b.ownerId === writer.id)).toBe(true);
    const strangers = expectResult(await trpcQuery("books.list", undefined, stranger.token));
    expect(strangers.items.map((b: { id: string }) => b.id)).not.toContain(own.id);
  });

  it("books.list takes REST's paging, sorting and filters, and answers REST's total", async () => {
    await trpcMutation("books.create", { title: "Filtered", type: "trpc-filtered", description: "" }, writer.token);
    const listed = expectResult(await trpcQuery("books.list", { perPage: 1, sortBy: "title", order: "asc", type: "trpc-filtered" }, writer.token));
    expect(listed).toEqual({ items: [expect.objectContaining({ title: "Filtered", type: "trpc-filtered" })], total: 1, page: 1, perPage: 1 });
    const rest = await get("/api/v1/books?per_page=1&sortby=title&order=asc&type=trpc-filtered", writer.token);
    expect(expectSuccess(rest, 200)).toEqual(listed.items);
    expect(rest.headers.get("x-total-count")).toBe("1");
  });

  it("refuses invalid input with 422 validation_failed and per-field details", async () => {
    const details = expectTrpcError(await trpcMutation("books.create", { title: "", type: "novel", description: "" }, writer.token), 422, "validation_failed");
    expect(details).toEqual([{ path: "title", message: expect.any(String), code: "too_small", origin: "string", minimum: 1, inclusive: true }]);
  });
});

describe("chapters over tRPC", () => {
  it("chapters.upload adds a chapter; chapters.save saves it; a stale save answers 409 and changes nothing", async () => {
    const book = expectResult(await trpcMutation("books.create", { title: "RPC Chapters", type: "novel", description: "" }, writer.token));
    const chapter = expectResult(await trpcMutation("chapters.upload", { bookId: book.id, content: "# Via RPC\n\nFirst words." }, writer.token));
    expect(chapter).toMatchObject({ bookId: book.id, title: "Via RPC", version: 1, wordCount: 4 });
    const saved = expectResult(await trpcMutation("chapters.save", { bookId: book.id, chapterId: chapter.id, version: 1, content: "Second words." }, writer.token));
    expect(saved).toMatchObject({ version: 2, content: "Second words." });
    const stale = await trpcMutation("chapters.save", { bookId: book.id, chapterId: chapter.id, version: 1, content: "LOST?" }, writer.token);
    expect(expectTrpcError(stale, 409, "version_conflict")).toEqual({ expectedVersion: 1, currentVersion: 2 });
    const read = expectResult(await trpcQuery("chapters.get", { bookId: book.id, chapterId: chapter.id }, writer.token));
    expect(read).toMatchObject({ version: 2, content: "Second words." });
  });

  it("refuses another writer's book with 403 forbidden", async () => {
    const book = expectResult(await trpcMutation("books.create", { title: "Private", type: "novel", description: "" }, writer.token));
    expectTrpcError(await trpcMutation("chapters.upload", { bookId: book.id, content: "intrusion" }, stranger.token), 403, "forbidden");
    expectTrpcError(await trpcQuery("books.get", { bookId: book.id }, stranger.token), 403, "forbidden");
    expect(expectResult(await trpcQuery("books.get", { bookId: book.id }, writer.token)).chapterCount).toBe(0);
  });
});

describe("credentials over tRPC", () => {
  it("answers no Bearer with 401 unauthenticated", async () => {
    expectTrpcError(await trpcQuery("books.list", undefined), 401, "unauthenticated");
    expectTrpcError(await trpcMutation("books.create", { title: "No", type: "novel", description: "" }), 401, "unauthenticated");
  });

  it("answers a bad, malformed or revoked Bearer with 401", async () => {
    expectTrpcError(await trpcQuery("books.list", undefined, "not-a-jwt"), 401, "invalid_token");
    expectTrpcError(await trpcQuery("books.list", undefined, null, { authorization: "Basic abc" }), 401, "invalid_token");
    const pair = await login(writer.email, PASSWORD);
    expectSuccess(await post("/auth/revoke", pair.access_token), 200);
    expectTrpcError(await trpcQuery("books.list", undefined, pair.access_token), 401, "token_revoked");
    expectTrpcError(await trpcQuery("books.list", undefined, await expiredCopy(writer.token)), 401, "token_expired");
  });

  it("answers a token without the scope with 403 insufficient_scope, and creates nothing", async () => {
    const reader = await mintToken(writer.token, ["read:books"]);
    const before = expectResult(await trpcQuery("books.list", undefined, writer.token)).total;
    const details = expectTrpcError(await trpcMutation("books.create", { title: "No", type: "novel", description: "" }, reader.token), 403, "insufficient_scope");
    expect(details).toEqual({ required: "write:books" });
    expect(expectResult(await trpcQuery("books.list", undefined, writer.token)).total).toBe(before);
    const analyst = await mintToken(writer.token, ["read:analysis"]);
    expectTrpcError(await trpcQuery("books.list", undefined, analyst.token), 403, "insufficient_scope");
  });
});

describe("limits over tRPC", () => {
  it("refuses a body over the limit with 413, even when no Content-Length announces it", async () => {
    const before = expectResult(await trpcQuery("books.list", undefined, writer.token)).total;
    // Just over the limit: the answer must not depend on the server reading what it refuses.
    const huge = JSON.stringify({ title: "x".repeat(CHAPTER_BODY_LIMIT + 64 * 1024), type: "novel", description: "" });
    const chunks = function* () {
      for (let i = 0; i < huge.length; i += 64 * 1024) yield new TextEncoder().encode(huge.slice(i, i + 64 * 1024));
    };
    const response = await isolatedRequest("POST", "/api/trpc/books.create", {
      headers: { authorization: `Bearer ${writer.token}`, "content-type": "application/json" },
      chunks: chunks(),
    });
    expectTrpcError(response, 413, "payload_too_large");
    expect(expectResult(await trpcQuery("books.list", undefined, writer.token)).total).toBe(before);
  });

  it("refuses a batch of more than ten calls", async () => {
    const paths = Array.from({ length: 11 }, () => "books.list").join(",");
    const input = encodeURIComponent(JSON.stringify({}));
    const response = await get(`/api/trpc/${paths}?batch=1&input=${input}`, writer.token);
    expect(response.status, response.text.slice(0, 300)).toBe(400);
    // Refused before any call ran: one error naming the batch, not eleven answers (tRPC's own
    // refusal: it carries no business code; test/http/trpc-edges.test.ts checks its media type).
    expect(JSON.parse(response.text)).toMatchObject({ error: { message: expect.stringMatching(/batch/i), data: { code: "BAD_REQUEST", httpStatus: 400 } } });
    const ten = await get(`/api/trpc/${Array.from({ length: 10 }, () => "books.list").join(",")}?batch=1&input=${input}`, writer.token);
    expect(ten.status, ten.text.slice(0, 300)).toBe(200);
    expect((ten.body as unknown[]).map((answer) => Object.keys(answer as object))).toEqual(Array.from({ length: 10 }, () => ["result"]));
  });
});
