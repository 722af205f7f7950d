// Issue 17, items 10 and 11: PUT takes back what GET gave; OPTIONS tells the truth.
import { beforeAll, describe, expect, it } from "vitest";
import { call, del, expectFailure, expectSuccess, get, patch, put } from "../support/http-client";
import { ownTemplate } from "../support/http-analysis";
import { createBook, uploadChapter } from "../support/http-books";
import { mintToken, signUp, type Account } from "../support/http-users";

let writer: Account;
let stranger: Account;
beforeAll(async () => {
  [writer, stranger] = await Promise.all([signUp("put-options"), signUp("put-options-stranger")]);
});

describe("PUT takes back what GET gave (item 10)", () => {
  it("accepts a book exactly as GET returned it, and the changed title in it", async () => {
    const book = await createBook(writer.token, { title: "As Read", description: "Whole", targetWordCount: 80000 });
    const read = expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200);
    const same = expectSuccess(await put(`/api/v1/books/${book.id}`, writer.token, read), 201);
    expect(same).toMatchObject({ ...read, updatedAt: expect.any(String) });
    const again = expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200);
    const renamed = expectSuccess(await put(`/api/v1/books/${book.id}`, writer.token, { ...again, title: "Renamed" }), 201);
    expect(renamed).toMatchObject({ id: book.id, title: "Renamed", description: "Whole", targetWordCount: 80000 });
  });

  it("answers a read-only attribute that differs with 422 naming it, and changes nothing", async () => {
    const book = await createBook(writer.token, { title: "Guarded" });
    const read = expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200);
    const details = expectFailure(
      await put(`/api/v1/books/${book.id}`, writer.token, { ...read, title: "Changed", id: "another", wordCount: 5, ownerId: stranger.id }),
      422,
      "validation_failed",
    );
    expect(details).toEqual([
      { path: "id", message: expect.stringContaining(book.id) },
      { path: "ownerId", message: expect.stringContaining(writer.id) },
    ]);
    expect(expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200)).toEqual(read);
    // An attribute no book has is still unknown, not read-only.
    const unknown = expectFailure(await put(`/api/v1/books/${book.id}`, writer.token, { ...read, colour: "red" }), 422, "validation_failed");
    expect(JSON.stringify(unknown)).toContain("colour");
  });

  it("takes back an older copy of a book whose counts have moved on since (they are the server's)", async () => {
    const book = await createBook(writer.token, { title: "Moving" });
    const read = expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200);
    await uploadChapter(writer.token, book.id, "# One\n\nThree more words.");
    const saved = expectSuccess(await put(`/api/v1/books/${book.id}`, writer.token, { ...read, title: "Moved" }), 201);
    expect(saved).toMatchObject({ title: "Moved", chapterCount: 1, wordCount: 4 });
  });

  it("answers an older copy of a chapter with 409 version_conflict, not a 422 about its counts", async () => {
    const book = await createBook(writer.token, { title: "Raced" });
    const chapter = await uploadChapter(writer.token, book.id, "# One\n\nFirst words.");
    const read = expectSuccess(await get(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token), 200);
    expectSuccess(await put(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token, { ...read, content: "# One\n\nA longer second text." }), 201);
    expectFailure(await put(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token, { ...read, content: "# One\n\nMine." }), 409, "version_conflict");
  });

  it("accepts a chapter exactly as GET returned it (its version is the one edited)", async () => {
    const book = await createBook(writer.token, { title: "Chaptered" });
    const chapter = await uploadChapter(writer.token, book.id, "# One\n\nFirst words.");
    const read = expectSuccess(await get(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token), 200);
    const saved = expectSuccess(await put(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token, { ...read, content: "# One\n\nOther words." }), 201);
    expect(saved).toMatchObject({ id: chapter.id, version: read.version + 1, content: "# One\n\nOther words." });
    const moved = expectFailure(await put(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token, { ...saved, position: 7 }), 422, "validation_failed");
    expect(moved).toEqual([{ path: "position", message: expect.stringContaining("1") }]);
  });

  it("accepts a template exactly as GET returned it", async () => {
    const template = await ownTemplate(writer.token);
    const read = expectSuccess(await get(`/api/v1/analysis/${template.id}`, writer.token), 200);
    const saved = expectSuccess(await put(`/api/v1/analysis/${template.id}`, writer.token, { ...read, name: "Renamed Study" }), 201);
    expect(saved).toMatchObject({ id: template.id, name: "Renamed Study", version: read.version + 1 });
    const forged = expectFailure(await put(`/api/v1/analysis/${template.id}`, writer.token, { ...saved, author: { id: stranger.id, name: "Someone" } }), 422, "validation_failed");
    expect(forged).toEqual([{ path: "author", message: expect.any(String) }]);
    // A count the server keeps is ignored, whatever a copy says: it cannot be set.
    const counted = expectSuccess(await put(`/api/v1/analysis/${template.id}`, writer.token, { ...saved, installs: 1000 }), 201);
    expect(counted.installs).toBe(saved.installs);
  });

  it("still refuses another writer's book before looking at read-only attributes", async () => {
    const book = await createBook(writer.token, { title: "Mine" });
    const read = expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200);
    expectFailure(await put(`/api/v1/books/${book.id}`, stranger.token, read), 403, "forbidden");
    expectFailure(await put(`/api/v1/books/${book.id}`, stranger.token, { ...read, title: "Taken" }), 403, "forbidden");
  });
});

describe("OPTIONS tells the truth (item 11)", () => {
  it("answers another writer's book as GET would: 403, with no attributes", async () => {
    const book = await createBook(writer.token, { title: "Private" });
    const chapter = await uploadChapter(writer.token, book.id, "Words.");
    for (const path of [`/api/v1/books/${book.id}`, `/api/v1/books/${book.id}/chapters`, `/api/v1/books/${book.id}/chapters/${chapter.id}`, `/api/v1/books/${book.id}/chapter-order`]) {
      expectFailure(await call("OPTIONS", path, { token: stranger.token }), 403, "forbidden");
    }
    expect(expectSuccess(await call("OPTIONS", `/api/v1/books/${book.id}`, { token: writer.token }), 200).attributes).toContain("title");
  });

  it("answers an unknown id with 404, and a purged book with 410", async () => {
    expectFailure(await call("OPTIONS", "/api/v1/books/no-such-book", { token: writer.token }), 404, "not_found");
    expectFailure(await call("OPTIONS", "/api/v1/analysis/no-such-template", { token: writer.token }), 404, "not_found");
    expectFailure(await call("OPTIONS", "/api/v1/jobs/no-such-job", { token: writer.token }), 404, "not_found");
    const book = await createBook(writer.token, { title: "Gone" });
    expectSuccess(await del(`/api/v1/books/${book.id}?permanent=true`, writer.token), 204);
    expectFailure(await call("OPTIONS", `/api/v1/books/${book.id}`, { token: writer.token }), 410, "gone");
  });

  it("offers only `deleted` on a book in the trash, the one change it takes", async () => {
    const book = await createBook(writer.token, { title: "Trashed" });
    expectSuccess(await patch(`/api/v1/books/${book.id}`, writer.token, { deleted: true }), 201);
    const options = expectSuccess(await call("OPTIONS", `/api/v1/books/${book.id}`, { token: writer.token }), 200);
    expect(options.attributes).toEqual(["deleted"]);
    expectSuccess(await patch(`/api/v1/books/${book.id}`, writer.token, { deleted: false }), 201);
  });

  it("answers a caller without a credential with no attributes, and a template someone else wrote with none either", async () => {
    const book = await createBook(writer.token, { title: "Anonymous" });
    expect(expectSuccess(await call("OPTIONS", `/api/v1/books/${book.id}`), 200).attributes).toEqual([]);
    const template = await ownTemplate(writer.token, { published: true });
    const theirs = expectSuccess(await call("OPTIONS", `/api/v1/analysis/${template.id}`, { token: stranger.token }), 200);
    expect(theirs.methods).toContain("GET");
    const reader = await mintToken(writer.token, ["read:books"], "reader");
    expect(expectSuccess(await call("OPTIONS", `/api/v1/books/${book.id}`, { token: reader.token }), 200).attributes).toEqual([]);
  });

  it("advertises GET, HEAD and OPTIONS only on the OpenAPI document, whatever the alias", async () => {
    for (const path of ["/api/v1/openapi.json", "/api/openapi.json", "/v1/api/openapi.json"]) {
      const response = await call("OPTIONS", path);
      expect(response.headers.get("allow"), path).toBe("GET, HEAD, OPTIONS");
      expect(expectSuccess(response, 200), path).toEqual({ methods: ["GET", "HEAD", "OPTIONS"], attributes: [] });
      const refused = await call("POST", path, { json: {} });
      expectFailure(refused, 405, "method_not_allowed");
      expect(refused.headers.get("allow"), path).toBe("GET, HEAD, OPTIONS");
    }
  });
});
