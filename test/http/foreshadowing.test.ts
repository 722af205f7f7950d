// @module-tag postgres
// Issue 35 item 3 (decision 0501): the foreshadowing board as a caller meets it over HTTP. The
// credential and role matrices cover every endpoint; this covers what they refuse, and the board
// turning a foreshadowing overdue as the book grows.
import { beforeAll, describe, expect, it } from "vitest";
import { bookWithChapters, saveChapter, uploadChapter } from "../support/http-books";
import { del, expectFailure, expectSuccess, get, patch, post } from "../support/http-client";
import { foreshadowingFixture } from "../support/http-foreshadowing-cases";
import { signUp, type Account } from "../support/http-users";

let owner: Account;
let other: Account;

beforeAll(async () => {
  [owner, other] = await Promise.all([signUp("foreshadowing-owner"), signUp("foreshadowing-other")]);
});

describe("foreshadowing over HTTP", () => {
  it("turns overdue when the book is written through its deadline; an empty placeholder chapter does not count", async () => {
    const f = await foreshadowingFixture(owner);
    const board = `/api/v1/books/${f.book.id}/foreshadowings`;
    for (let n = 3; n <= 4; n++) await uploadChapter(owner.token, f.book.id, `Chapter ${n} text.`, `Ch ${n}`);
    expect(expectSuccess(await get(`${board}?status=overdue`, owner.token), 200)).toEqual([]);
    const five = await uploadChapter(owner.token, f.book.id, "", "Five");
    expect(expectSuccess(await get(`${board}/${f.planted.id}`, owner.token), 200)).toMatchObject({ status: "open", chaptersLeft: 1 });
    await saveChapter(owner.token, f.book.id, five.id, five.version, { title: "Five", content: "The cold broke at last." });
    expect(expectSuccess(await get(`${board}?status=overdue`, owner.token), 200)).toEqual([expect.objectContaining({ id: f.planted.id, chaptersLeft: 0 })]);
  });

  it("refuses bad input with a clear 4xx and changes nothing", async () => {
    const f = await foreshadowingFixture(owner);
    const elsewhere = await bookWithChapters(owner.token);
    const board = `/api/v1/books/${f.book.id}/foreshadowings`;
    const before = await f.snapshot();
    const refused = async (body: unknown, status: number, error: Parameters<typeof expectFailure>[2]) => expectFailure(await post(board, owner.token, body), status, error);
    expect(await refused({ title: "x", setup: { chapterId: elsewhere.chapter.id } }, 422, "validation_failed")).toEqual([expect.objectContaining({ path: "setup.chapterId" })]);
    await refused({ title: "x", setup: { chapterId: f.chapter.id }, deadline: { chapterNumber: 0 } }, 422, "validation_failed");
    await refused({ title: "x", setup: { chapterId: f.other.id }, deadline: { chapterNumber: 1 } }, 422, "validation_failed");
    await refused({ title: "x", setup: { chapterId: f.chapter.id }, deadline: { chapterId: f.chapter.id, chapterNumber: 3 } }, 422, "validation_failed");
    await refused({ title: "x", setup: { chapterId: f.chapter.id, start: 3 } }, 422, "validation_failed");
    await refused({ title: "", setup: { chapterId: f.chapter.id } }, 422, "validation_failed");
    await refused({ title: "x", setup: { chapterId: f.chapter.id }, colour: "red" }, 422, "validation_failed");
    expectFailure(await patch(`${board}/${f.planted.id}`, owner.token, { state: "paid_off" }), 422, "validation_failed");
    expectFailure(await patch(`${board}/${f.planted.id}`, owner.token, {}), 422, "validation_failed");
    expectFailure(await patch(`${board}/no-such-id`, owner.token, { title: "y" }), 404, "not_found");
    expectFailure(await get(`${board}?status=late`, owner.token), 400, "invalid_query");
    expectFailure(await get(`${board}?colour=red`, owner.token), 400, "invalid_query");
    expectFailure(await get(board, other.token), 403, "forbidden");
    expect(await f.snapshot()).toEqual(before);

    // A trashed setup chapter: 404 chapter_in_trash, saying how to restore it.
    expectSuccess(await del(`/api/v1/books/${f.book.id}/chapters/${f.other.id}`, owner.token), 204);
    const details = expectFailure(await post(board, owner.token, { title: "x", setup: { chapterId: f.other.id } }), 404, "chapter_in_trash");
    expect(details).toMatchObject({ restore: { method: "POST" } });
  });
});
