import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CHAPTER_BODY_LIMIT } from "@/server/chapters/schemas";
import { call, expectFailure, expectSuccess, get, isolatedRequest, post, put } from "../support/http-client";
import { bookCount, bookState, bookWithChapters } from "../support/http-books";
import { mintToken, signUp, type Account } from "../support/http-users";

const MiB = 1024 * 1024;

let writer: Account;
let bookId: string;
let chapterId: string;
/** a chapter of another of the writer's books */
let foreignChapterId: string;
let before: { state: unknown; count: unknown };

beforeAll(async () => {
  writer = await signUp("bad-input");
  const fixture = await bookWithChapters(writer.token);
  bookId = fixture.book.id;
  chapterId = fixture.chapter.id;
  foreignChapterId = (await bookWithChapters(writer.token)).chapter.id;
  before = { state: await bookState(writer.token, bookId), count: await bookCount(writer.token) };
});

// Every request in this file is refused, so none may change the writer's books.
afterEach(async () => {
  expect(await bookState(writer.token, bookId)).toEqual(before.state);
  expect(await bookCount(writer.token)).toEqual(before.count);
});

const authJson = () => ({ authorization: `Bearer ${writer.token}`, "content-type": "application/json" });

/** A chapter body just past what any spelling of the longest chapter needs. */
function* bodyOverTheChapterLimit(): Generator<Uint8Array> {
  const encoder = new TextEncoder();
  yield encoder.encode('{"content":"');
  const piece = encoder.encode("word ".repeat(64 * 1024));
  for (let sent = 0; sent <= CHAPTER_BODY_LIMIT; sent += piece.byteLength) yield piece;
  yield encoder.encode('"}');
}

const jsonText = (text: string, contentType = "application/json") => ({ body: text, headers: { "content-type": contentType } });

describe("bodies", () => {
  it("answers malformed JSON with 400 malformed_json", async () => {
    expectFailure(await call("POST", "/api/v1/books", { token: writer.token, ...jsonText('{"title": "Half') }), 400, "malformed_json");
    expectFailure(await call("PATCH", `/api/v1/books/${bookId}`, { token: writer.token, ...jsonText("") }), 400, "malformed_json");
  });

  it("answers a body that is not JSON (or multipart, where uploads take it) with 415", async () => {
    const plain = await call("POST", "/api/v1/books", { token: writer.token, ...jsonText('{"title":"Plain"}', "text/plain") });
    expect(expectFailure(plain, 415, "unsupported_media_type")).toEqual({ accepted: "application/json" });
    const form = await call("POST", "/api/v1/books", { token: writer.token, body: new URLSearchParams({ title: "Form" }) });
    expectFailure(form, 415, "unsupported_media_type");
    const upload = await call("POST", `/api/v1/books/${bookId}/chapters`, { token: writer.token, ...jsonText("# Plain", "text/markdown") });
    expect(expectFailure(upload, 415, "unsupported_media_type")).toEqual({ accepted: "application/json or multipart/form-data" });
    const noType = await call("POST", "/api/v1/books", { token: writer.token, body: '{"title":"Untyped"}', headers: { "content-type": "" } });
    expectFailure(noType, 415, "unsupported_media_type");
  });

  it("answers failed validation with 422 and one detail per field", async () => {
    const response = await post("/api/v1/books", writer.token, { title: " ", language: "english!", status: "lost", targetWordCount: -5 });
    const details = expectFailure(response, 422, "validation_failed") as { path: string; message: string; code: string }[];
    expect(details.map((d) => d.path).sort()).toEqual(["language", "status", "targetWordCount", "title"]);
    // Each with what is wrong as data beside the message (decision 0515).
    for (const detail of details) expect(detail).toEqual(expect.objectContaining({ path: detail.path, message: expect.any(String), code: expect.any(String) }));
    expect(details.find((d) => d.path === "title")).toEqual({ path: "title", message: "a book needs a title", code: "too_small", origin: "string", minimum: 1, inclusive: true });
  });

  it("refuses unknown attributes with 422 instead of ignoring them", async () => {
    const details = expectFailure(await post("/api/v1/books", writer.token, { title: "Extra", ownerId: "someone-else" }), 422, "validation_failed");
    expect(details).toEqual([{ path: "(body)", message: expect.stringContaining("ownerId"), code: "unrecognized_keys", keys: ["ownerId"] }]);
  });

  it("refuses a PUT that leaves out the seed's attributes with 422 naming each", async () => {
    const details = expectFailure(await put(`/api/v1/books/${bookId}`, writer.token, { title: "Only a title" }), 422, "validation_failed");
    expect((details as { path: string }[]).map((d) => d.path).sort()).toEqual(["description", "type"]);
  });

  it("refuses an empty PATCH with 422", async () => {
    expectFailure(await call("PATCH", `/api/v1/books/${bookId}`, { token: writer.token, json: {} }), 422, "validation_failed");
  });

  it("answers a JSON body over the 64 KiB limit with 413", async () => {
    const body = new TextEncoder().encode(JSON.stringify({ title: "Huge", description: "x".repeat(70 * 1024) }));
    const response = await isolatedRequest("POST", "/api/v1/books", { headers: authJson(), body });
    expect(expectFailure(response, 413, "payload_too_large")).toEqual({ maxBytes: 64 * 1024 });
  });

  // A chapter's limit is 5 MiB of text, checked on the decoded text (422 on every transport); the
  // body's limit leaves room for any JSON spelling of that text (413 past it, before parsing).
  it("answers a 6 MiB chapter with 422 naming its content", async () => {
    const body = new TextEncoder().encode(JSON.stringify({ content: "word ".repeat((6 * MiB) / 5) }));
    const response = await isolatedRequest("POST", `/api/v1/books/${bookId}/chapters`, { headers: authJson(), body });
    expect(expectFailure(response, 422, "validation_failed")).toEqual([{ path: "content", message: expect.any(String), code: "custom", key: "chapterTooLong" }]);
  });

  it("answers a body past the chapter limit with 413, with a Content-Length", async () => {
    const body = Buffer.concat([...bodyOverTheChapterLimit()]);
    const response = await isolatedRequest("POST", `/api/v1/books/${bookId}/chapters`, { headers: authJson(), body });
    expect(expectFailure(response, 413, "payload_too_large")).toEqual({ maxBytes: CHAPTER_BODY_LIMIT });
  });

  it("answers a body past the chapter limit sent chunked (no Content-Length to trust) with 413", async () => {
    const response = await isolatedRequest("POST", `/api/v1/books/${bookId}/chapters`, { headers: authJson(), chunks: bodyOverTheChapterLimit() });
    expectFailure(response, 413, "payload_too_large");
  });

  it("keeps the connection usable, or closes it, after refusing a body it did not read", async () => {
    const response = await isolatedRequest("POST", `/api/v1/books/${bookId}/chapters`, { headers: { ...authJson(), connection: "close" }, chunks: bodyOverTheChapterLimit() });
    expectFailure(response, 413, "payload_too_large");
    // A client pool (fetch's keep-alive) reuses a connection unless told otherwise: after a
    // refusal that leaves body bytes unread, the server must say Connection: close.
    expect(response.connection).toBe("close");
  });

  it("answers a 6 MiB save (PUT) with 422 and keeps the chapter", async () => {
    const body = new TextEncoder().encode(JSON.stringify({ title: "Big", content: "é".repeat(3 * MiB), version: 2 }));
    const response = await isolatedRequest("PUT", `/api/v1/books/${bookId}/chapters/${chapterId}`, { headers: authJson(), body });
    expectFailure(response, 422, "validation_failed");
  });
});

describe("query strings", () => {
  it.each([
    ["sortby=color", "sortby"],
    ["order=sideways", "order"],
    ["color=red", "color"],
    ["status=lost", "status"],
    ["per_page=101", "per_page"],
    ["per_page=0", "per_page"],
    ["page=0", "page"],
    ["page=two", "page"],
  ])("refuses GET /api/v1/books?%s with 400 invalid_query naming %s", async (query, name) => {
    const details = expectFailure(await get(`/api/v1/books?${query}`, writer.token), 400, "invalid_query");
    expect(details).toEqual([expect.objectContaining({ path: name, message: expect.any(String) })]);
    // A filter's value is checked by its schema, and says what it means as the body's fields do.
    if (name === "status") expect(details).toEqual([expect.objectContaining({ code: "invalid_value", values: ["planning", "drafting", "revising", "finished"] })]);
  });

  it("accepts per_page=100", async () => {
    expectSuccess(await get("/api/v1/books?per_page=100", writer.token), 200);
  });

  it("refuses unknown parameters on chapters, revisions and tokens with 400", async () => {
    expectFailure(await get(`/api/v1/books/${bookId}/chapters?include=everything`, writer.token), 400, "invalid_query");
    expectFailure(await get(`/api/v1/books/${bookId}/chapters?sortby=content`, writer.token), 400, "invalid_query");
    expectFailure(await get(`/api/v1/books/${bookId}/chapters/${chapterId}/revisions?author=me`, writer.token), 400, "invalid_query");
    expectFailure(await get("/api/v1/tokens?kind=login", writer.token), 400, "invalid_query");
  });

  // endpoint.ts declares query parameters "parsed strictly: unknown names are a 400"; an endpoint
  // that declares none takes none, so a typo (?permanant=true) cannot be silently ignored.
  it("refuses query parameters on endpoints that take none with 400", async () => {
    expectFailure(await get(`/api/v1/books/${bookId}?fields=title`, writer.token), 400, "invalid_query");
    expectFailure(await get("/api/v1/users/me?expand=books", writer.token), 400, "invalid_query");
    expectFailure(await call("PATCH", `/api/v1/books/${bookId}?permanent=true`, { token: writer.token, json: { title: "Renamed" } }), 400, "invalid_query");
  });

  it("refuses DELETE with an unknown parameter (or a bad permanent) with 400, and deletes nothing", async () => {
    expectFailure(await call("DELETE", `/api/v1/books/${bookId}?permanently=true`, { token: writer.token }), 400, "invalid_query");
    expectFailure(await call("DELETE", `/api/v1/books/${bookId}?permanent=yes`, { token: writer.token }), 400, "invalid_query");
  });
});

describe("HTTP semantics", () => {
  it("answers Accept: text/html on an API route with 406", async () => {
    const response = await get(`/api/v1/books/${bookId}`, writer.token, { accept: "text/html" });
    expect(expectFailure(response, 406, "not_acceptable")).toEqual({ available: ["application/json"] });
    const write = await call("PATCH", `/api/v1/books/${bookId}`, { token: writer.token, json: { title: "No" }, headers: { accept: "text/html" } });
    expectFailure(write, 406, "not_acceptable");
  });

  it("answers an unsupported method with 405 and an Allow header", async () => {
    const one = await call("POST", `/api/v1/books/${bookId}`, { token: writer.token, json: { title: "No" } });
    expectFailure(one, 405, "method_not_allowed");
    expect(one.headers.get("allow")).toBe("GET, PUT, PATCH, DELETE, HEAD, OPTIONS");
    const list = await call("DELETE", "/api/v1/books", { token: writer.token });
    expectFailure(list, 405, "method_not_allowed");
    expect(list.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
  });

  it("answers HEAD on a book with 200, its headers and no body", async () => {
    const head = await call("HEAD", `/api/v1/books/${bookId}`, { token: writer.token });
    const getting = await get(`/api/v1/books/${bookId}`, writer.token);
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers.get("etag")).toBe(getting.headers.get("etag"));
    expect(head.headers.get("last-modified")).toBe(new Date(getting.body.data.updatedAt).toUTCString());
    // No body to carry the code: the challenge header says why.
    const anonymous = await call("HEAD", `/api/v1/books/${bookId}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).toBe("");
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer realm="inkstone"/);
  });

  it("answers OPTIONS with Allow and the attributes this caller may change", async () => {
    const writable = ["title", "type", "description", "language", "status", "targetWordCount", "countRule", "paragraphIndent", "theme", "author", "contact", "copyright", "dedication", "acknowledgements", "aboutAuthor", "backMatter", "accessibilityClaim", "deleted"];
    const full = await call("OPTIONS", `/api/v1/books/${bookId}`, { token: writer.token });
    expect(full.headers.get("allow")).toBe("GET, PUT, PATCH, DELETE, HEAD, OPTIONS");
    expect(expectSuccess(full, 200)).toEqual({
      methods: ["GET", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"],
      attributes: writable,
      required: { PUT: ["title", "type", "description"] },
    });
    const reader = await mintToken(writer.token, ["read:books"], "read only");
    const readOnly = await call("OPTIONS", `/api/v1/books/${bookId}`, { token: reader.token });
    expect(readOnly.headers.get("allow")).toBe("GET, PUT, PATCH, DELETE, HEAD, OPTIONS");
    expect(expectSuccess(readOnly, 200)).toMatchObject({ attributes: [], required: {} });
    const chapters = await call("OPTIONS", `/api/v1/books/${bookId}/chapters/${chapterId}`, { token: writer.token });
    expect(expectSuccess(chapters, 200).attributes).toEqual(["title", "content"]);
  });

  it("answers unknown paths and unknown API versions with 404 in the envelope", async () => {
    for (const path of ["/api/v1/nope", "/api/v2/books", "/v2/api/books", "/v3/auth/refresh"]) {
      const response = await get(path, writer.token);
      expect(response.body, path).toEqual({ code: 40400, msg: expect.any(String), error: "not_found", requestId: response.headers.get("x-request-id") });
      expect(response.status, path).toBe(404);
    }
    expectFailure(await call("POST", "/api/v1/nope", { token: writer.token, json: {} }), 404, "not_found");
  });

  it("answers an unknown book or chapter id with 404", async () => {
    expectFailure(await get("/api/v1/books/no-such-book", writer.token), 404, "not_found");
    expectFailure(await get(`/api/v1/books/${bookId}/chapters/no-such-chapter`, writer.token), 404, "not_found");
    expectFailure(await get(`/api/v1/books/${bookId}/chapters/${chapterId}/revisions/99`, writer.token), 404, "not_found");
    expectFailure(await get(`/api/v1/books/${bookId}/chapters/${chapterId}/revisions/first`, writer.token), 404, "not_found");
  });
});

describe("odd but well-formed bodies", () => {
  it("accepts application/json with a charset parameter", async () => {
    const response = await call("PATCH", `/api/v1/books/${bookId}`, {
      token: writer.token,
      body: JSON.stringify({ version: 1 }),
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    // unknown attribute: the charset was understood, the body was read and validated
    expectFailure(response, 422, "validation_failed");
  });

  it.each([["[]"], ["null"], ['"a string"'], ["42"]])("refuses the JSON value %s where an object belongs with 422", async (text) => {
    expectFailure(await call("POST", "/api/v1/books", { token: writer.token, ...jsonText(text) }), 422, "validation_failed");
  });

  it("refuses a body that is not UTF-8 with 400 malformed_json", async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    expectFailure(await call("POST", "/api/v1/books", { token: writer.token, body: bytes, headers: { "content-type": "application/json" } }), 400, "malformed_json");
  });

  it("answers GET on a token endpoint with 405 and Allow: POST, OPTIONS", async () => {
    const response = await get("/auth/login");
    expectFailure(response, 405, "method_not_allowed");
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
  });

  it("answers a chapter id from another of the writer's books with 404", async () => {
    expectFailure(await get(`/api/v1/books/${bookId}/chapters/${foreignChapterId}`, writer.token), 404, "not_found");
    expectFailure(await put(`/api/v1/books/${bookId}/chapters/${foreignChapterId}`, writer.token, { title: "x", content: "y", version: 2 }), 404, "not_found");
  });
});
