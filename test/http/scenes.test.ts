// @module-tag postgres
// Issue 35 item 1 (decision 0499): scenes as a caller meets them over HTTP. The credential and role
// matrices cover every scenes endpoint; this covers what they refuse, each refusal changing nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { uploadChapter } from "../support/http-books";
import { del, expectFailure, expectSuccess, get, patch, post, put } from "../support/http-client";
import { scenesFixture } from "../support/http-scenes-cases";
import { signUp, type Account } from "../support/http-users";

let owner: Account;
let other: Account;

beforeAll(async () => {
  [owner, other] = await Promise.all([signUp("scenes-owner"), signUp("scenes-other")]);
});

describe("scenes over HTTP", () => {
  it("a chapter nobody split lists no scenes; a save keeps a split chapter's scenes", async () => {
    const f = await scenesFixture(owner);
    expect(expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters/${f.other.id}/scenes`, owner.token), 200)).toEqual([]);
    const saved = expectSuccess(await put(`/api/v1/books/${f.book.id}/chapters/${f.scened.id}`, owner.token, { version: 1, title: "Scenes", content: "Dawn came early.\n\n* * *\n\nDusk fell.\n" }), 201);
    expect(saved.version).toBe(2);
    const scenes = expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters/${f.scened.id}/scenes`, owner.token), 200) as { id: string; wordCount: number }[];
    expect(scenes.map((s) => [s.id, s.wordCount])).toEqual([
      [f.scenes[0]!.id, 3],
      [f.scenes[1]!.id, 2],
    ]);
  });

  it("stale versions are 409; a bad order, an unknown attribute and a move into its own chapter 422; a trashed chapter 404; nothing changes", async () => {
    const f = await scenesFixture(owner);
    const ids = f.scenes.map((s) => s.id);
    const before = await f.snapshot();
    const scenePath = (id: string) => `/api/v1/books/${f.book.id}/scenes/${id}`;
    expectFailure(await put(`/api/v1/books/${f.book.id}/chapters/${f.scened.id}/scene-order`, owner.token, { version: 2, sceneIds: [...ids].reverse() }), 409, "version_conflict");
    expectFailure(await put(`/api/v1/books/${f.book.id}/chapters/${f.scened.id}/scene-order`, owner.token, { version: 1, sceneIds: [ids[0]] }), 422, "validation_failed");
    expectFailure(await post(`${scenePath(ids[1]!)}/move`, owner.token, { version: 1, toChapterId: f.other.id, toVersion: 9 }), 409, "version_conflict");
    expectFailure(await post(`${scenePath(ids[1]!)}/move`, owner.token, { version: 1, toChapterId: f.scened.id, toVersion: 1 }), 422, "validation_failed");
    expectFailure(await post(`${scenePath(ids[1]!)}/move`, owner.token, { version: 1, toChapterId: f.other.id, toVersion: 1, at: 3 }), 422, "validation_failed");
    expectFailure(await patch(scenePath(ids[0]!), owner.token, { title: "x".repeat(201) }), 422, "validation_failed");
    expectFailure(await del(`${scenePath(ids[0]!)}?version=5`, owner.token), 409, "version_conflict");
    expectFailure(await del(`${scenePath(ids[0]!)}?version=abc`, owner.token), 400, "invalid_query");
    expectFailure(await get(scenePath("no-such-scene"), owner.token), 404, "not_found");
    expect(await f.snapshot()).toEqual(before);

    // Into a trashed chapter: 404 chapter_in_trash, and nothing moves.
    const trashed = (await uploadChapter(owner.token, f.book.id, "Gone.\n", "Gone")) as { id: string };
    expectSuccess(await del(`/api/v1/books/${f.book.id}/chapters/${trashed.id}`, owner.token), 204);
    const beforeTrash = await f.snapshot();
    expectFailure(await post(`${scenePath(ids[1]!)}/move`, owner.token, { version: 1, toChapterId: trashed.id, toVersion: 1 }), 404, "chapter_in_trash");
    expect(await f.snapshot()).toEqual(beforeTrash);
  });

  it("another writer's book is 403 and a chapter of another book 404, both changing nothing", async () => {
    const f = await scenesFixture(owner);
    const theirs = await scenesFixture(other);
    const before = await f.snapshot();
    expectFailure(await post(`/api/v1/books/${f.book.id}/scenes/${f.scenes[1]!.id}/move`, other.token, { version: 1, toChapterId: theirs.other.id, toVersion: 1 }), 403, "forbidden");
    expectFailure(await post(`/api/v1/books/${f.book.id}/scenes/${f.scenes[1]!.id}/move`, owner.token, { version: 1, toChapterId: theirs.other.id, toVersion: 1 }), 404, "not_found");
    expect(await f.snapshot()).toEqual(before);
  });
});
