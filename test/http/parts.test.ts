// @module-tag postgres
// Issue 35 item 1: parts (卷) as a caller meets them over HTTP. The credential and role matrices
// cover every parts endpoint; this covers what they refuse and how the order version guards a move.
import { beforeAll, describe, expect, it } from "vitest";
import { bookWithChapters } from "../support/http-books";
import { del, expectFailure, expectSuccess, get, patch, post, put } from "../support/http-client";
import { contentsOf, contentsShape, partsFixture } from "../support/http-parts-cases";
import { signUp, type Account } from "../support/http-users";

let owner: Account;
let other: Account;

beforeAll(async () => {
  [owner, other] = await Promise.all([signUp("parts-owner"), signUp("parts-other")]);
});

describe("parts over HTTP", () => {
  it("a book made without parts lists none and reads flat, each chapter with partId null", async () => {
    const { book } = await bookWithChapters(owner.token);
    expect(expectSuccess(await get(`/api/v1/books/${book.id}/parts`, owner.token), 200)).toEqual([]);
    const contents = await contentsOf(owner, book.id);
    expect(contentsShape(contents)).toEqual(["Opening", "Second"]);
    const chapters = expectSuccess(await get(`/api/v1/books/${book.id}/chapters`, owner.token), 200) as { partId: string | null }[];
    expect(chapters.map((c) => c.partId)).toEqual([null, null]);
  });

  it("a stale order version is 409 with the current one; nothing moves", async () => {
    const f = await partsFixture(owner);
    const entries = [{ partId: f.part.id, chapterIds: [f.other.id, f.chapter.id] }];
    // Someone adds a part meanwhile: the order read before is stale.
    expectSuccess(await post(`/api/v1/books/${f.book.id}/parts`, owner.token, { title: "第二卷" }), 201);
    const before = await f.snapshot();
    const details = expectFailure(await put(`/api/v1/books/${f.book.id}/contents`, owner.token, { orderVersion: f.orderVersion, entries }), 409, "version_conflict");
    expect(details).toEqual({ orderVersion: f.orderVersion + 1 });
    expectFailure(await put(`/api/v1/books/${f.book.id}/chapter-order`, owner.token, { chapterIds: [f.other.id, f.chapter.id], orderVersion: f.orderVersion }), 409, "version_conflict");
    expect(await f.snapshot()).toEqual(before);
  });

  it("refuses a trashed chapter, a chapter of another book, a bad body (422) and another writer's book (403)", async () => {
    const f = await partsFixture(owner);
    const elsewhere = await bookWithChapters(owner.token);
    expectSuccess(await del(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`, owner.token), 204);
    const { orderVersion } = await contentsOf(owner, f.book.id);
    const before = await f.snapshot();
    const refusals = [
      { orderVersion, entries: [{ partId: f.part.id, chapterIds: [f.other.id, f.chapter.id] }] },
      { orderVersion, entries: [{ partId: f.part.id, chapterIds: [f.other.id, elsewhere.chapter.id] }] },
      { orderVersion, entries: [{ partId: f.part.id, chapterIds: [f.other.id] }], extra: true },
      { orderVersion, entries: [{ partId: f.part.id, chapterIds: [f.other.id], title: "x" }] },
      { entries: [{ partId: f.part.id, chapterIds: [f.other.id] }] },
    ];
    for (const body of refusals) expectFailure(await put(`/api/v1/books/${f.book.id}/contents`, owner.token, body), 422, "validation_failed");
    expectFailure(await post(`/api/v1/books/${f.book.id}/parts`, owner.token, { title: "   " }), 422, "validation_failed");
    expectFailure(await patch(`/api/v1/books/${f.book.id}/parts/${f.part.id}`, owner.token, { title: "x".repeat(201) }), 422, "validation_failed");
    expectFailure(await get(`/api/v1/books/${f.book.id}/parts/no-such-part`, owner.token), 404, "not_found");
    expectFailure(await get(`/api/v1/books/${elsewhere.book.id}/parts/${f.part.id}`, owner.token), 404, "not_found");
    expectFailure(await patch(`/api/v1/books/${elsewhere.book.id}/parts/${f.part.id}`, owner.token, { title: "stolen" }), 404, "not_found");
    expectFailure(await del(`/api/v1/books/${elsewhere.book.id}/parts/${f.part.id}`, owner.token), 404, "not_found");
    expectFailure(await get(`/api/v1/books/${f.book.id}/contents`, other.token), 403, "forbidden");
    expectFailure(await post(`/api/v1/books/${f.book.id}/parts`, other.token, { title: "mine" }), 403, "forbidden");
    expect(await f.snapshot()).toEqual(before);
  });

  it("chapters read back with their part, and deleting the part leaves them in the book", async () => {
    const f = await partsFixture(owner);
    const chapter = expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters/${f.other.id}`, owner.token), 200);
    expect(chapter).toMatchObject({ partId: f.part.id, position: 2 });
    expectSuccess(await del(`/api/v1/books/${f.book.id}/parts/${f.part.id}`, owner.token), 204);
    expect(expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters/${f.other.id}`, owner.token), 200)).toMatchObject({ partId: null, position: 2 });
    expectFailure(await get(`/api/v1/books/${f.book.id}/parts/${f.part.id}`, owner.token), 404, "not_found");
  });
});
