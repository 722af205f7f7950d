import { beforeAll, describe, expect, it } from "vitest";
import { call, del, expectFailure, expectSuccess, get, patch, post, put } from "../support/http-client";
import { bookState, bookWithChapters, createBook } from "../support/http-books";
import { signUp, type Account } from "../support/http-users";

let writer: Account;
beforeAll(async () => {
  writer = await signUp("trash");
});

const ids = (response: { body: { data: { id: string }[] } }) => response.body.data.map((b) => b.id);

describe("the trash", () => {
  it("DELETE moves a book to the trash: GET shows deleted:true, the list hides it, ?deleted=true lists it", async () => {
    const { book } = await bookWithChapters(writer.token);
    expectSuccess(await del(`/api/v1/books/${book.id}`, writer.token), 204);
    const trashed = expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200);
    expect(trashed).toMatchObject({ id: book.id, title: book.title, deleted: true, chapterCount: 2 });
    expect(Date.parse(trashed.deletedAt)).not.toBeNaN();
    expect(ids(await get("/api/v1/books?per_page=100", writer.token))).not.toContain(book.id);
    expect(ids(await get("/api/v1/books?per_page=100&deleted=true", writer.token))).toContain(book.id);
    // the chapters are still there to read
    expect(expectSuccess(await get(`/api/v1/books/${book.id}/chapters`, writer.token), 200)).toHaveLength(2);
  });

  it("refuses changes to a book in the trash with 409 book_in_trash, and changes nothing", async () => {
    const { book, chapter } = await bookWithChapters(writer.token);
    expectSuccess(await del(`/api/v1/books/${book.id}`, writer.token), 204);
    const before = await bookState(writer.token, book.id);
    expectFailure(await patch(`/api/v1/books/${book.id}`, writer.token, { title: "Changed" }), 409, "book_in_trash");
    const full = { title: "T", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null };
    expectFailure(await put(`/api/v1/books/${book.id}`, writer.token, full), 409, "book_in_trash");
    expectFailure(await post(`/api/v1/books/${book.id}/chapters`, writer.token, { content: "new" }), 409, "book_in_trash");
    expectFailure(await put(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token, { title: "x", content: "y", version: 2 }), 409, "book_in_trash");
    expectFailure(await del(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token), 409, "book_in_trash");
    expectFailure(await post(`/api/v1/books/${book.id}/chapters/${chapter.id}/restorations`, writer.token, { revision: 1 }), 409, "book_in_trash");
    const order = before.chapters.data.map((c: { id: string }) => c.id).reverse();
    expectFailure(await put(`/api/v1/books/${book.id}/chapter-order`, writer.token, { chapterIds: order }), 409, "book_in_trash");
    expect(await bookState(writer.token, book.id)).toEqual(before);
  });

  it("PATCH {deleted:false} restores the book to the list, with its chapters", async () => {
    const { book } = await bookWithChapters(writer.token);
    expectSuccess(await del(`/api/v1/books/${book.id}`, writer.token), 204);
    const restored = expectSuccess(await patch(`/api/v1/books/${book.id}`, writer.token, { deleted: false }), 201);
    expect(restored).toMatchObject({ id: book.id, deleted: false, deletedAt: null, chapterCount: 2 });
    expect(ids(await get("/api/v1/books?per_page=100", writer.token))).toContain(book.id);
    expect(ids(await get("/api/v1/books?per_page=100&deleted=true", writer.token))).not.toContain(book.id);
  });

  it("PATCH {deleted:true} trashes too, and a second DELETE is harmless", async () => {
    const book = await createBook(writer.token, { title: "Twice" });
    expect(expectSuccess(await patch(`/api/v1/books/${book.id}`, writer.token, { deleted: true }), 201).deleted).toBe(true);
    const first = expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200).deletedAt;
    expectSuccess(await del(`/api/v1/books/${book.id}`, writer.token), 204);
    expect(expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200).deletedAt).toBe(first);
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
    expect(expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200).deleted).toBe(true);
  });
});
