// @module-tag postgres
import { beforeAll, describe, expect, it } from "vitest";
import { CHAPTER_BODY_LIMIT, MAX_CHAPTER_BYTES } from "@/server/chapters/schemas";
import { ERRORS } from "@/server/errors";
import { bookState, createBook, uploadChapter } from "../support/http-books";
import { call, expectFailure, expectSuccess, get, post, put, type ApiResponse } from "../support/http-client";
import { trpcMutation } from "../support/http-trpc";
import { login, PASSWORD, signUp, uniqueEmail, type Account } from "../support/http-users";

let writer: Account;
beforeAll(async () => {
  writer = await signUp("hygiene");
});

const LONE = "x\ud800";

/** 422 validation_failed with a details entry for this field. */
function expectFieldProblem(response: ApiResponse, field: string) {
  const details = expectFailure(response, 422, "validation_failed") as { path: string }[];
  expect(details.map((d) => d.path)).toContain(field);
}

function expectTrpcFieldProblem(response: ApiResponse, field: string) {
  expect(response.status, response.text.slice(0, 300)).toBe(422);
  expect(response.body.error.data).toMatchObject({ appCode: ERRORS.validation_failed.code });
  expect(response.body.error.data.details.map((d: { path: string }) => d.path)).toContain(field);
}

describe("a lone surrogate in stored text (item 1)", () => {
  it("is a 422 naming the field in every book field, over REST and tRPC, and changes nothing", async () => {
    for (const field of ["title", "type", "description"]) {
      const body = { title: "Fine", type: "novel", description: "", [field]: LONE };
      expectFieldProblem(await post("/api/v1/books", writer.token, body), field);
      expectTrpcFieldProblem(await trpcMutation("books.create", body, writer.token), field);
    }
    const book = await createBook(writer.token);
    const before = await bookState(writer.token, book.id);
    expectFieldProblem(await call("PATCH", `/api/v1/books/${book.id}`, { token: writer.token, json: { title: LONE } }), "title");
    expect(await bookState(writer.token, book.id)).toEqual(before);
  });

  it("is a 422 in a chapter's title and text, over REST and tRPC", async () => {
    const book = await createBook(writer.token);
    expectFieldProblem(await post(`/api/v1/books/${book.id}/chapters`, writer.token, { content: `text ${LONE}` }), "content");
    expectFieldProblem(await post(`/api/v1/books/${book.id}/chapters`, writer.token, { content: "text", title: LONE }), "title");
    const chapter = await uploadChapter(writer.token, book.id, "text");
    const path = `/api/v1/books/${book.id}/chapters/${chapter.id}`;
    expectFieldProblem(await put(path, writer.token, { title: "T", content: `a\udfffb`, version: 1 }), "content");
    expectTrpcFieldProblem(await trpcMutation("chapters.upload", { bookId: book.id, content: LONE }, writer.token), "content");
    expect(expectSuccess(await get(path, writer.token), 200)).toMatchObject({ version: 1, content: "text" });
  });

  it("is a 422 in sign-up, login and token names, never a 500", async () => {
    expectFieldProblem(await post("/api/v1/users", null, { email: uniqueEmail("s"), password: PASSWORD, name: LONE }), "name");
    expectFieldProblem(await post("/api/v1/users", null, { email: uniqueEmail("s"), password: `${PASSWORD}${LONE}` }), "password");
    expectFieldProblem(await post("/auth/login", null, { email: `${LONE}@example.test`, password: PASSWORD }), "email");
    expectFieldProblem(await post("/auth/login", null, { email: writer.email, password: PASSWORD, name: LONE }), "name");
    expectFieldProblem(await post("/api/v1/tokens", writer.token, { name: LONE, scopes: ["read:books"] }), "name");
  });

  it("refuses the NUL character too, which PostgreSQL cannot store", async () => {
    expectFieldProblem(await post("/api/v1/books", writer.token, { title: "x\u0000y", type: "novel", description: "" }), "title");
    expectTrpcFieldProblem(await trpcMutation("books.create", { title: "Fine", type: "novel", description: "a\u0000" }, writer.token), "description");
  });

  it("leaves well-formed text beyond the BMP alone", async () => {
    const book = expectSuccess(await post("/api/v1/books", writer.token, { title: "𠀀 and 🦉", type: "novel", description: "" }), 201);
    expect(book.title).toBe("𠀀 and 🦉");
  });
});

describe("strict auth bodies (item 2)", () => {
  it("refuses an unknown attribute on login, refresh, sign-up and token creation", async () => {
    const pair = await login(writer.email, PASSWORD);
    const cases: [string, string | null, Record<string, unknown>][] = [
      ["/auth/login", null, { email: writer.email, password: PASSWORD, scopez: "read:books" }],
      ["/auth/refresh", null, { refresh_token: pair.refresh_token, extra: 1 }],
      ["/api/v1/users", null, { email: uniqueEmail("strict"), password: PASSWORD, role: "admin" }],
      ["/api/v1/tokens", writer.token, { name: "t", scopes: ["read:books"], expires_in: 10 }],
    ];
    for (const [path, token, body] of cases) {
      const details = expectFailure(await post(path, token, body), 422, "validation_failed") as { path: string }[];
      expect(details.length, path).toBeGreaterThan(0);
    }
  });

  it("takes OAuth's `scope` on login and grants only what it names", async () => {
    const pair = expectSuccess(await post("/auth/login", null, { email: writer.email, password: PASSWORD, scope: "read:books", grant_type: "password" }), 200);
    expect(pair.scope).toBe("read:books");
    expectFailure(await post("/api/v1/books", pair.access_token, { title: "No", type: "novel", description: "" }), 403, "insufficient_scope");
  });

  it("takes `scope` when minting a token, and refuses both spellings at once", async () => {
    const minted = expectSuccess(await post("/api/v1/tokens", writer.token, { name: "oauth", scope: "read:books write:books" }), 201);
    expect(minted.token.scopes).toEqual(["read:books", "write:books"]);
    const both = { email: writer.email, password: PASSWORD, scope: "read:books", scopes: ["read:books"] };
    expectFieldProblem(await post("/auth/login", null, both), "scope");
    expectFieldProblem(await post("/api/v1/tokens", writer.token, { name: "none" }), "scopes");
  });

  it("accepts OAuth's grant_type on refresh, and nothing else in it", async () => {
    const pair = await login(writer.email, PASSWORD);
    expectSuccess(await post("/auth/refresh", null, { refresh_token: pair.refresh_token, grant_type: "refresh_token" }), 200);
    expectFieldProblem(await post("/auth/refresh", null, { refresh_token: "x", grant_type: "password" }), "grant_type");
  });
});

describe("multipart uploads (item 4)", () => {
  const upload = (bookId: string, form: FormData) => call("POST", `/api/v1/books/${bookId}/chapters`, { token: writer.token, body: form });

  it("refuses a file that is not UTF-8, and stores nothing", async () => {
    const book = await createBook(writer.token);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array([0x48, 0x69, 0xff, 0xfe, 0x21])]), "chapter.md");
    expectFieldProblem(await upload(book.id, form), "file");
    expect((await bookState(writer.token, book.id)).chapters.data).toEqual([]);
  });

  it("refuses two content parts, two files, or a file and content together", async () => {
    const book = await createBook(writer.token);
    const twoContents = new FormData();
    twoContents.append("content", "one");
    twoContents.append("content", "two");
    expectFieldProblem(await upload(book.id, twoContents), "content");
    const twoFiles = new FormData();
    twoFiles.append("file", new Blob(["one"]), "a.md");
    twoFiles.append("file", new Blob(["two"]), "b.md");
    expectFieldProblem(await upload(book.id, twoFiles), "file");
    const both = new FormData();
    both.append("file", new Blob(["one"]), "a.md");
    both.append("content", "two");
    expectFieldProblem(await upload(book.id, both), "content");
    expect((await bookState(writer.token, book.id)).chapters.data).toEqual([]);
  });
});

describe("one chapter size limit, in UTF-8 bytes (item 5)", () => {
  // 5 MiB of UTF-8: CJK characters are three bytes each.
  const atLimit = "字".repeat(MAX_CHAPTER_BYTES / 4) + "ab".repeat(MAX_CHAPTER_BYTES / 8);
  const overLimit = `${atLimit}c`;

  it("takes a chapter of exactly 5 MiB over REST JSON, multipart and tRPC, and saves it back over REST", async () => {
    const book = await createBook(writer.token);
    const rest = expectSuccess(await post(`/api/v1/books/${book.id}/chapters`, writer.token, { title: "REST", content: atLimit }), 201);
    const form = new FormData();
    form.append("file", new Blob([atLimit]), "max.md");
    expectSuccess(await call("POST", `/api/v1/books/${book.id}/chapters`, { token: writer.token, body: form }), 201);
    const rpc = await trpcMutation("chapters.upload", { bookId: book.id, title: "RPC", content: atLimit }, writer.token);
    expect(rpc.status, rpc.text.slice(0, 200)).toBe(200);
    const rpcChapter = rpc.body.result.data;
    // What tRPC stored, REST can save again — with a change that keeps it within the limit.
    const saved = await put(`/api/v1/books/${book.id}/chapters/${rpcChapter.id}`, writer.token, { title: "RPC", content: `${atLimit.slice(0, -1)}z`, version: 1 });
    expectSuccess(saved, 201);
    expect(rest.wordCount).toBeGreaterThan(0);
  });

  it("refuses one byte more with the same 422 on every transport, and a Python-style escaped body still fits", async () => {
    const book = await createBook(writer.token);
    expectFieldProblem(await post(`/api/v1/books/${book.id}/chapters`, writer.token, { content: overLimit }), "content");
    const form = new FormData();
    form.append("file", new Blob([overLimit]), "over.md");
    expectFieldProblem(await call("POST", `/api/v1/books/${book.id}/chapters`, { token: writer.token, body: form }), "content");
    expectTrpcFieldProblem(await trpcMutation("chapters.upload", { bookId: book.id, content: overLimit }, writer.token), "content");

    // Every CJK character written as a \\u escape (Python's default): six bytes for three.
    const escaped = JSON.stringify({ content: atLimit }).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    expect(escaped.length).toBeLessThan(CHAPTER_BODY_LIMIT);
    const answer = await call("POST", `/api/v1/books/${book.id}/chapters`, {
      token: writer.token,
      body: escaped,
      headers: { "content-type": "application/json" },
    });
    expectSuccess(answer, 201);
  });
});
