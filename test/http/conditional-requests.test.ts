// Issue 33 item 8: conditional requests as RFC 9110 §13 says. Books, bible entries and templates
// carry a strong ETag and Last-Modified; a GET or HEAD whose If-None-Match (or, without it,
// If-Modified-Since) still holds is 304; a write whose If-Match or If-Unmodified-Since no longer
// holds is 412 and changes nothing, atomically with the write.
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectFailure, expectSuccess, post, type ApiResponse } from "../support/http-client";
import { ownTemplate } from "../support/http-analysis";
import { createBook, saveChapter, uploadChapter } from "../support/http-books";
import { signUp, type Account } from "../support/http-users";

let writer: Account;
let coAuthor: Account;
beforeAll(async () => {
  [writer, coAuthor] = await Promise.all([signUp("conditional"), signUp("conditional-co-author")]);
});

interface Resource {
  path: string;
  /** a PATCH body that changes the resource */
  change: () => Record<string, unknown>;
}

let counter = 0;
const RESOURCES: Record<string, () => Promise<Resource>> = {
  book: async () => {
    const book = await createBook(writer.token, { title: "Conditional" });
    return { path: `/api/v1/books/${book.id}`, change: () => ({ title: `Retitled ${++counter}` }) };
  },
  "bible entry": async () => {
    const book = await createBook(writer.token, { title: "Bible" });
    const entry = expectSuccess(await post(`/api/v1/books/${book.id}/bible/entries`, writer.token, { name: "Lyra" }), 201);
    return { path: `/api/v1/books/${book.id}/bible/entries/${entry.id}`, change: () => ({ description: `Changed ${++counter}` }) };
  },
  template: async () => {
    const template = await ownTemplate(writer.token);
    return { path: `/api/v1/analysis/${template.id}`, change: () => ({ summary: `Changed ${++counter}` }) };
  },
};

const read = (path: string, headers: Record<string, string> = {}, method = "GET") => call(method, path, { token: writer.token, headers });
const write = (method: string, path: string, headers: Record<string, string>, json?: unknown) => call(method, path, { token: writer.token, headers, json });

/** The validators a 200 carries: a strong ETag and Last-Modified. */
function validators(response: ApiResponse): { etag: string; lastModified: string; data: unknown } {
  const data = expectSuccess(response, 200);
  const etag = response.headers.get("etag");
  const lastModified = response.headers.get("last-modified");
  expect(etag, "a strong ETag").toMatch(/^"[^"]+"$/);
  expect(lastModified).toBe(new Date(data.updatedAt).toUTCString());
  return { etag: etag!, lastModified: lastModified!, data };
}

function expectNotModified(response: ApiResponse, etag: string) {
  expect(response.status, response.text.slice(0, 300)).toBe(304);
  expect(response.text).toBe("");
  expect(response.headers.get("etag")).toBe(etag);
  expect(response.headers.get("last-modified")).toBeTruthy();
}

const hourBefore = (httpDate: string) => new Date(Date.parse(httpDate) - 3_600_000).toUTCString();
const hourAfter = (httpDate: string) => new Date(Date.parse(httpDate) + 3_600_000).toUTCString();

describe.each(Object.keys(RESOURCES))("a %s", (kind) => {
  const make = RESOURCES[kind]!;

  it("answers GET and HEAD with 304 while If-None-Match or If-Modified-Since still holds, and 200 once it changed", async () => {
    const { path, change } = await make();
    const { etag, lastModified } = validators(await read(path));
    expectNotModified(await read(path, { "if-none-match": etag }), etag);
    expectNotModified(await read(path, { "if-none-match": etag }, "HEAD"), etag);
    // Weak comparison: W/ on either side still matches; any tag of a list does; * matches what exists.
    expectNotModified(await read(path, { "if-none-match": `W/${etag}` }), etag);
    expectNotModified(await read(path, { "if-none-match": `"elsewhere", ${etag}` }), etag);
    expectNotModified(await read(path, { "if-none-match": "*" }), etag);
    expectNotModified(await read(path, { "if-modified-since": lastModified }), etag);
    expectNotModified(await read(path, { "if-modified-since": hourAfter(lastModified) }), etag);
    // If-Modified-Since is not read when If-None-Match is there.
    validators(await read(path, { "if-none-match": '"elsewhere"', "if-modified-since": lastModified }));
    validators(await read(path, { "if-modified-since": hourBefore(lastModified) }));
    validators(await read(path, { "if-modified-since": "not a date" }));

    expectSuccess(await write("PATCH", path, {}, change()), 201);
    const after = validators(await read(path, { "if-none-match": etag }));
    expect(after.etag).not.toBe(etag);
    expectNotModified(await read(path, { "if-none-match": after.etag }), after.etag);
  });

  it("refuses a write whose If-Match or If-Unmodified-Since no longer holds with 412, and changes nothing", async () => {
    const { path, change } = await make();
    const before = validators(await read(path));
    const current = validators(await read(path));
    expectSuccess(await write("PATCH", path, { "if-match": current.etag }, change()), 201);
    const changed = validators(await read(path));

    const stale = expectFailure(await write("PATCH", path, { "if-match": before.etag }, change()), 412, "precondition_failed");
    expect(stale).toBeUndefined();
    expectFailure(await write("PATCH", path, { "if-match": '"stale"' }, change()), 412, "precondition_failed");
    // Strong comparison: a weak tag never matches, not even the current one.
    expectFailure(await write("PATCH", path, { "if-match": `W/${changed.etag}` }, change()), 412, "precondition_failed");
    expectFailure(await write("PATCH", path, { "if-unmodified-since": hourBefore(changed.lastModified) }, change()), 412, "precondition_failed");
    expectFailure(await write("DELETE", path, { "if-match": before.etag }), 412, "precondition_failed");
    expectFailure(await write("DELETE", path, { "if-unmodified-since": hourBefore(changed.lastModified) }), 412, "precondition_failed");
    expect(validators(await read(path))).toEqual(changed);
  });

  it("takes a write whose If-Match is current, in a list or *, and answers the new ETag", async () => {
    const { path, change } = await make();
    const first = validators(await read(path));
    const saved = await write("PATCH", path, { "if-match": `"other", ${first.etag}` }, change());
    expectSuccess(saved, 201);
    const second = validators(await read(path));
    expect(saved.headers.get("etag")).toBe(second.etag);
    expect(second.etag).not.toBe(first.etag);
    expectSuccess(await write("PATCH", path, { "if-match": "*" }, change()), 201);
    const third = validators(await read(path));
    // If-Unmodified-Since not older than the change holds; one that is no date is ignored; so is
    // any when If-Match is there.
    expectSuccess(await write("PATCH", path, { "if-unmodified-since": hourAfter(third.lastModified) }, change()), 201);
    expectSuccess(await write("PATCH", path, { "if-unmodified-since": "yesterday" }, change()), 201);
    const fourth = validators(await read(path));
    expectSuccess(await write("PATCH", path, { "if-match": fourth.etag, "if-unmodified-since": hourBefore(fourth.lastModified) }, change()), 201);
    const last = validators(await read(path));
    expectSuccess(await write("DELETE", path, { "if-match": last.etag }), 204);
  });

  it("answers an If-Match that is no entity tag with 400, and changes nothing", async () => {
    const { path, change } = await make();
    const before = validators(await read(path));
    for (const ifMatch of ["stale", '"open', '"a", b', 'W/"a" "b"']) {
      expectFailure(await write("PATCH", path, { "if-match": ifMatch }, change()), 400, "malformed_request");
    }
    expectFailure(await write("DELETE", path, { "if-match": "stale" }), 400, "malformed_request");
    expect(validators(await read(path))).toEqual(before);
  });

  it("lets exactly one of two writes racing with the same If-Match through; the other is 412", async () => {
    const { path, change } = await make();
    for (let round = 0; round < 3; round++) {
      const { etag } = validators(await read(path));
      const answers = await Promise.all([0, 1, 2].map(() => write("PATCH", path, { "if-match": etag }, change())));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 412, 412]);
      const winner = answers.find((a) => a.status === 201)!;
      expect(validators(await read(path)).etag).toBe(winner.headers.get("etag"));
    }
  });
});

describe("a book's validators", () => {
  it("differ for each caller's role, as the book they read does", async () => {
    const book = await createBook(writer.token, { title: "Shared" });
    expectSuccess(await post(`/api/v1/books/${book.id}/members`, writer.token, { email: coAuthor.email, role: "co_author" }), 201);
    const mine = validators(await read(`/api/v1/books/${book.id}`));
    const theirs = await call("GET", `/api/v1/books/${book.id}`, { token: coAuthor.token });
    const theirEtag = validators(theirs).etag;
    expect(theirEtag).not.toBe(mine.etag);
    expect((await call("GET", `/api/v1/books/${book.id}`, { token: coAuthor.token, headers: { "if-none-match": mine.etag } })).status).toBe(200);
    const replaced = await call("PUT", `/api/v1/books/${book.id}`, {
      token: coAuthor.token,
      headers: { "if-match": mine.etag },
      json: { title: "Theirs", type: "novel", description: "" },
    });
    expectFailure(replaced, 412, "precondition_failed");
    expectSuccess(
      await call("PUT", `/api/v1/books/${book.id}`, { token: coAuthor.token, headers: { "if-match": theirEtag }, json: { title: "Theirs", type: "novel", description: "" } }),
      201,
    );
  });

  it("change when a chapter changes the book's counts", async () => {
    const book = await createBook(writer.token, { title: "Counted" });
    const { etag } = validators(await read(`/api/v1/books/${book.id}`));
    await uploadChapter(writer.token, book.id, "# One\n\nFour words of text.");
    expect(validators(await read(`/api/v1/books/${book.id}`, { "if-none-match": etag })).etag).not.toBe(etag);
  });

  it("answer 304 to a book in the trash no more: it answers 404 as before", async () => {
    const book = await createBook(writer.token, { title: "Trashed" });
    const { etag } = validators(await read(`/api/v1/books/${book.id}`));
    expectSuccess(await write("DELETE", `/api/v1/books/${book.id}`, { "if-match": etag }), 204);
    expectFailure(await read(`/api/v1/books/${book.id}`, { "if-none-match": "*" }), 404, "book_in_trash");
  });
});

describe("a chapter's validators", () => {
  it("answer 304 to its version in If-None-Match until it is saved again", async () => {
    const book = await createBook(writer.token, { title: "Chaptered" });
    const chapter = await uploadChapter(writer.token, book.id, "# One\n\nFirst words.");
    const path = `/api/v1/books/${book.id}/chapters/${chapter.id}`;
    const first = await read(path);
    expectSuccess(first, 200);
    expect(first.headers.get("etag")).toBe('"1"');
    expect(first.headers.get("last-modified")).toBe(new Date(first.body.data.updatedAt).toUTCString());
    expectNotModified(await read(path, { "if-none-match": '"1"' }), '"1"');
    expectNotModified(await read(path, { "if-none-match": '"1"' }, "HEAD"), '"1"');
    await saveChapter(writer.token, book.id, chapter.id, 1, { content: "# One\n\nSecond words." });
    const second = await read(path, { "if-none-match": '"1"' });
    expectSuccess(second, 200);
    expect(second.headers.get("etag")).toBe('"2"');
  });
});

describe("a POST that creates", () => {
  it("goes ahead with If-Match * and answers 412 to an entity tag, creating nothing: a collection has no ETag", async () => {
    const book = await createBook(writer.token, { title: "Collection" });
    const entries = `/api/v1/books/${book.id}/bible/entries`;
    expectFailure(await write("POST", entries, { "if-match": '"stale"' }, { name: "Will" }), 412, "precondition_failed");
    expect(expectSuccess(await read(`${entries}?per_page=100`), 200)).toEqual([]);
    const created = await write("POST", entries, { "if-match": "*" }, { name: "Will" });
    expect(validators(await read(`${entries}/${expectSuccess(created, 201).id}`)).etag).toBe(created.headers.get("etag"));
    expectFailure(await write("POST", "/api/v1/books", { "if-match": '"stale"' }, { title: "Never" }), 412, "precondition_failed");
    expectFailure(await write("POST", "/api/v1/books", { "if-match": "stale" }, { title: "Never" }), 400, "malformed_request");
  });
});
