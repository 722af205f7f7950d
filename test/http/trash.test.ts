// @module-tag postgres
import { beforeAll, describe, expect, it } from "vitest";
import { call, del, expectFailure, expectSuccess, get, patch, post, put } from "../support/http-client";
import { bookWithChapters, createBook, uploadChapter } from "../support/http-books";
import { expectTrpcError, trpcMutation, trpcQuery } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

let writer: Account;
beforeAll(async () => {
  writer = await signUp("trash");
});

const ids = (response: { body: { data: { id: string }[] } }) => response.body.data.map((b) => b.id);

describe("the trash", () => {
  it("DELETE means gone for ordinary reads: 404 book_in_trash with how to restore, listed only with ?deleted=true", async () => {
    const { book, chapter } = await bookWithChapters(writer.token);
    expectSuccess(await del(`/api/v1/books/${book.id}`, writer.token), 204);
    const details = expectFailure(await get(`/api/v1/books/${book.id}`, writer.token), 404, "book_in_trash");
    expect(details).toEqual({
      restore: { method: "PATCH", path: `/api/v1/books/${book.id}`, body: { deleted: false } },
      trash: { method: "GET", path: "/api/v1/books?deleted=true" },
    });
    expect((await call("HEAD", `/api/v1/books/${book.id}`, { token: writer.token })).status).toBe(404);
    expectFailure(await get(`/api/v1/books/${book.id}/chapters`, writer.token), 404, "book_in_trash");
    expectFailure(await get(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token), 404, "book_in_trash");
    expectFailure(await get(`/api/v1/books/${book.id}/chapters/${chapter.id}/revisions`, writer.token), 404, "book_in_trash");
    expect(ids(await get("/api/v1/books?per_page=100", writer.token))).not.toContain(book.id);
    const trash = expectSuccess(await get("/api/v1/books?per_page=100&deleted=true", writer.token), 200);
    expect(trash.find((b: { id: string }) => b.id === book.id)).toMatchObject({ title: book.title, deleted: true, chapterCount: 2 });
  });

  it("refuses changes to a book in the trash with 404 book_in_trash, and changes nothing", async () => {
    const { book, chapter } = await bookWithChapters(writer.token);
    const order = expectSuccess(await get(`/api/v1/books/${book.id}/chapters`, writer.token), 200).map((c: { id: string }) => c.id).reverse();
    expectSuccess(await del(`/api/v1/books/${book.id}`, writer.token), 204);
    const trashed = () => get("/api/v1/books?per_page=100&deleted=true", writer.token).then((r) => r.body.data.find((b: { id: string }) => b.id === book.id));
    const before = await trashed();
    expectFailure(await patch(`/api/v1/books/${book.id}`, writer.token, { title: "Changed" }), 404, "book_in_trash");
    expectFailure(await patch(`/api/v1/books/${book.id}`, writer.token, { deleted: false, title: "Changed" }), 404, "book_in_trash");
    const full = { title: "T", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null };
    expectFailure(await put(`/api/v1/books/${book.id}`, writer.token, full), 404, "book_in_trash");
    expectFailure(await post(`/api/v1/books/${book.id}/chapters`, writer.token, { content: "new" }), 404, "book_in_trash");
    expectFailure(await put(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token, { title: "x", content: "y", version: 2 }), 404, "book_in_trash");
    expectFailure(await del(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token), 404, "book_in_trash");
    expectFailure(await post(`/api/v1/books/${book.id}/chapters/${chapter.id}/restorations`, writer.token, { revision: 1 }), 404, "book_in_trash");
    expectFailure(await put(`/api/v1/books/${book.id}/chapter-order`, writer.token, { chapterIds: order }), 404, "book_in_trash");
    expect(await trashed()).toEqual(before);
    expectSuccess(await patch(`/api/v1/books/${book.id}`, writer.token, { deleted: false }), 201);
    expect(expectSuccess(await get(`/api/v1/books/${book.id}/chapters`, writer.token), 200).map((c: { id: string }) => c.id)).toEqual([...order].reverse());
  });

  it("PATCH {deleted:false} restores the book to the list, with its chapters", async () => {
    const { book } = await bookWithChapters(writer.token);
    expectSuccess(await del(`/api/v1/books/${book.id}`, writer.token), 204);
    const restored = expectSuccess(await patch(`/api/v1/books/${book.id}`, writer.token, { deleted: false }), 201);
    expect(restored).toMatchObject({ id: book.id, deleted: false, deletedAt: null, chapterCount: 2 });
    expect(ids(await get("/api/v1/books?per_page=100", writer.token))).toContain(book.id);
    expect(ids(await get("/api/v1/books?per_page=100&deleted=true", writer.token))).not.toContain(book.id);
    expect(expectSuccess(await get(`/api/v1/books/${book.id}/chapters`, writer.token), 200)).toHaveLength(2);
  });

  it("PATCH {deleted:true} trashes too, and a second DELETE is harmless", async () => {
    const book = await createBook(writer.token, { title: "Twice" });
    const first = expectSuccess(await patch(`/api/v1/books/${book.id}`, writer.token, { deleted: true }), 201);
    expect(first.deleted).toBe(true);
    expectSuccess(await del(`/api/v1/books/${book.id}`, writer.token), 204);
    const trash = expectSuccess(await get("/api/v1/books?per_page=100&deleted=true", writer.token), 200);
    expect(trash.find((b: { id: string }) => b.id === book.id).deletedAt).toBe(first.deletedAt);
  });
});

describe("deleting for good", () => {
  it("DELETE ?permanent=true answers 204, then the book answers 410 everywhere and leaves every list", async () => {
    const { book, chapter } = await bookWithChapters(writer.token);
    expectSuccess(await call("DELETE", `/api/v1/books/${book.id}?permanent=true`, { token: writer.token }), 204);
    expectFailure(await get(`/api/v1/books/${book.id}`, writer.token), 410, "gone");
    expect((await call("HEAD", `/api/v1/books/${book.id}`, { token: writer.token })).status).toBe(410);
    expectFailure(await get(`/api/v1/books/${book.id}/chapters`, writer.token), 410, "gone");
    expectFailure(await get(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token), 410, "gone");
    expectFailure(await get(`/api/v1/books/${book.id}/chapters/${chapter.id}/revisions`, writer.token), 410, "gone");
    expectFailure(await patch(`/api/v1/books/${book.id}`, writer.token, { deleted: false }), 410, "gone");
    expectFailure(await del(`/api/v1/books/${book.id}`, writer.token), 410, "gone");
    expect(ids(await get("/api/v1/books?per_page=100", writer.token))).not.toContain(book.id);
    expect(ids(await get("/api/v1/books?per_page=100&deleted=true", writer.token))).not.toContain(book.id);
  });

  it("purges a book that was already in the trash", async () => {
    const book = await createBook(writer.token, { title: "Trash then purge" });
    expectSuccess(await del(`/api/v1/books/${book.id}`, writer.token), 204);
    expectSuccess(await call("DELETE", `/api/v1/books/${book.id}?permanent=true`, { token: writer.token }), 204);
    expectFailure(await get(`/api/v1/books/${book.id}`, writer.token), 410, "gone");
  });

  it("?permanent=false only trashes", async () => {
    const book = await createBook(writer.token, { title: "Not for good" });
    expectSuccess(await call("DELETE", `/api/v1/books/${book.id}?permanent=false`, { token: writer.token }), 204);
    expectFailure(await get(`/api/v1/books/${book.id}`, writer.token), 404, "book_in_trash");
    expect(ids(await get("/api/v1/books?per_page=100&deleted=true", writer.token))).toContain(book.id);
  });
});

describe("the chapter trash", () => {
  const chapterPath = (bookId: string, chapterId: string) => `/api/v1/books/${bookId}/chapters/${chapterId}`;
  const order = async (bookId: string) =>
    expectSuccess(await get(`/api/v1/books/${bookId}/chapters`, writer.token), 200).map((c: { title: string; position: number }) => `${c.position}:${c.title}`);

  async function threeChapters() {
    const book = await createBook(writer.token, { title: "Three" });
    const one = await uploadChapter(writer.token, book.id, "one", "One");
    const two = await uploadChapter(writer.token, book.id, "two two", "Two");
    const three = await uploadChapter(writer.token, book.id, "three three three", "Three");
    return { book, one, two, three };
  }

  it("DELETE moves a chapter to the book's trash with its history: out of the order and the totals, 404 chapter_in_trash", async () => {
    const { book, two } = await threeChapters();
    expectSuccess(await put(chapterPath(book.id, two.id), writer.token, { title: "Two", content: "two two, saved", version: 1 }), 201);
    expectSuccess(await del(chapterPath(book.id, two.id), writer.token), 204);

    expect(await order(book.id)).toEqual(["1:One", "2:Three"]);
    expect(expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200)).toMatchObject({ chapterCount: 2, wordCount: 4 });
    const details = expectFailure(await get(chapterPath(book.id, two.id), writer.token), 404, "chapter_in_trash");
    expect(details).toMatchObject({ restore: { method: "POST", path: `${chapterPath(book.id, two.id)}/untrash` } });
    expectFailure(await put(chapterPath(book.id, two.id), writer.token, { title: "x", content: "y", version: 2 }), 404, "chapter_in_trash");
    expectFailure(await patch(chapterPath(book.id, two.id), writer.token, { title: "x", version: 2 }), 404, "chapter_in_trash");
    expectFailure(await get(`${chapterPath(book.id, two.id)}/revisions`, writer.token), 404, "chapter_in_trash");

    const trash = expectSuccess(await get(`/api/v1/books/${book.id}/chapters?deleted=true`, writer.token), 200);
    expect(trash.map((c: { id: string }) => c.id)).toEqual([two.id]);
    // a second DELETE is harmless and counts nothing twice
    expectSuccess(await del(chapterPath(book.id, two.id), writer.token), 204);
    expect(expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200)).toMatchObject({ chapterCount: 2, wordCount: 4 });
  });

  it("restores a chapter into its old place with its history and its words", async () => {
    const { book, two } = await threeChapters();
    expectSuccess(await put(chapterPath(book.id, two.id), writer.token, { title: "Two", content: "two two, saved", version: 1 }), 201);
    expectSuccess(await del(chapterPath(book.id, two.id), writer.token), 204);
    const restored = expectSuccess(await post(`${chapterPath(book.id, two.id)}/untrash`, writer.token), 201);
    expect(restored).toMatchObject({ id: two.id, position: 2, version: 2, content: "two two, saved" });
    expect(await order(book.id)).toEqual(["1:One", "2:Two", "3:Three"]);
    expect(expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200)).toMatchObject({ chapterCount: 3, wordCount: 7 });
    expect(expectSuccess(await get(`${chapterPath(book.id, two.id)}/revisions`, writer.token), 200).map((r: { version: number }) => r.version)).toEqual([2, 1]);
    expect(expectSuccess(await get(`/api/v1/books/${book.id}/chapters?deleted=true`, writer.token), 200)).toEqual([]);
  });

  it("restores at the end when the book no longer reaches the old place", async () => {
    const { book, one, two, three } = await threeChapters();
    expectSuccess(await del(chapterPath(book.id, three.id), writer.token), 204);
    expectSuccess(await del(chapterPath(book.id, two.id), writer.token), 204);
    expectSuccess(await del(chapterPath(book.id, one.id), writer.token), 204);
    expect(expectSuccess(await post(`${chapterPath(book.id, three.id)}/untrash`, writer.token), 201).position).toBe(1);
    // …/restore, the older address, does the same
    expect(expectSuccess(await post(`${chapterPath(book.id, one.id)}/restore`, writer.token), 201).position).toBe(1);
    expect(await order(book.id)).toEqual(["1:One", "2:Three"]);
  });

  it("new chapters and a new order ignore the trash", async () => {
    const { book, one, two, three } = await threeChapters();
    expectSuccess(await del(chapterPath(book.id, two.id), writer.token), 204);
    const four = await uploadChapter(writer.token, book.id, "four", "Four");
    expect(four.position).toBe(3);
    expectSuccess(await put(`/api/v1/books/${book.id}/chapter-order`, writer.token, { chapterIds: [four.id, three.id, one.id] }), 201);
    expect(await order(book.id)).toEqual(["1:Four", "2:Three", "3:One"]);
    expectFailure(await put(`/api/v1/books/${book.id}/chapter-order`, writer.token, { chapterIds: [four.id, three.id, one.id, two.id] }), 422, "validation_failed");
  });

  it("DELETE ?permanent=true deletes a chapter for good, from the book or from the trash", async () => {
    const { book, one, two } = await threeChapters();
    expectSuccess(await call("DELETE", `${chapterPath(book.id, one.id)}?permanent=true`, { token: writer.token }), 204);
    expectSuccess(await del(chapterPath(book.id, two.id), writer.token), 204);
    expectSuccess(await call("DELETE", `${chapterPath(book.id, two.id)}?permanent=true`, { token: writer.token }), 204);
    expectFailure(await get(chapterPath(book.id, one.id), writer.token), 404, "not_found");
    expectFailure(await post(`${chapterPath(book.id, two.id)}/untrash`, writer.token), 404, "not_found");
    expect(await order(book.id)).toEqual(["1:Three"]);
    expect(expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200)).toMatchObject({ chapterCount: 1, wordCount: 3 });
  });

  it("works the same over tRPC", async () => {
    const { book, two } = await threeChapters();
    const ref = { bookId: book.id, chapterId: two.id };
    expect((await trpcMutation("chapters.delete", ref, writer.token)).body).toEqual({ result: { data: { deleted: true } } });
    const trash = await trpcQuery("chapters.list", { bookId: book.id, deleted: true }, writer.token);
    expect(trash.body.result.data.items.map((c: { id: string }) => c.id)).toEqual([two.id]);
    expect(trash.body.result.data).toMatchObject({ total: 1, page: 1, perPage: 20 });
    const back = await trpcMutation("chapters.untrash", ref, writer.token);
    expect(back.body.result.data).toMatchObject({ id: two.id, position: 2 });
  });

  it("over tRPC, untrash takes a chapter out of the trash and restoreRevision brings back a version; there is no chapters.restore", async () => {
    const { book, two } = await threeChapters();
    const ref = { bookId: book.id, chapterId: two.id };
    expectSuccess(await put(chapterPath(book.id, two.id), writer.token, { title: "Two", content: "two two, saved", version: 1 }), 201);
    const restored = await trpcMutation("chapters.restoreRevision", { ...ref, revision: 1, version: 2 }, writer.token);
    expect(restored.body.result.data).toMatchObject({ id: two.id, version: 3, content: "two two" });
    const ambiguous = await trpcMutation("chapters.restore", { ...ref, revision: 1 }, writer.token);
    expectTrpcError(ambiguous, 404, null, "NOT_FOUND");
  });
});

describe("PUT with the book as the seed defines it", () => {
  it("takes title, type and description alone, and puts the other attributes back to their defaults", async () => {
    const book = await createBook(writer.token, { title: "Full", language: "fr", status: "revising", targetWordCount: 90000 });
    const replaced = expectSuccess(await put(`/api/v1/books/${book.id}`, writer.token, { title: "Seed", type: "memoir", description: "Just three" }), 201);
    expect(replaced).toMatchObject({ title: "Seed", type: "memoir", description: "Just three", language: "en", status: "drafting", targetWordCount: null });
    const all = { title: "All", type: "novel", description: "", language: "de", status: "finished", targetWordCount: 50000 };
    expect(expectSuccess(await put(`/api/v1/books/${book.id}`, writer.token, all), 201)).toMatchObject(all);
  });

  it("says which attributes are required in the OpenAPI document", async () => {
    const document = (await get("/api/v1/openapi.json")).body;
    const schema = document.components.requestBodies.ReplaceBook.content["application/json"].schema;
    expect([...schema.required].sort()).toEqual(["description", "title", "type"]);
  });
});
