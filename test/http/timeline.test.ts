// @module-tag postgres
// Issue 35 item 3: the timeline as a caller meets it over HTTP (the credential and role matrices
// cover who may read it): story order beside reading order, and bad input refused with a clear 4xx.
import { beforeAll, describe, expect, it } from "vitest";
import { del, expectFailure, expectSuccess, get, patch } from "../support/http-client";
import { planFixture } from "../support/http-plan-cases";
import { signUp, type Account } from "../support/http-users";

let owner: Account;

beforeAll(async () => {
  owner = await signUp("timeline-owner");
});

type Timeline = { items: { id: string; title: string; readingOrder: number; storyOrder: number | null; departs: string | null; lane: string | null }[]; storyOrder: string[]; unplaced: string[] };

describe("the timeline over HTTP", () => {
  it("orders the placed chapters by story date beside reading order; of two swapped, the one told later is the flashback", async () => {
    const f = await planFixture(owner);
    expectSuccess(await patch(`/api/v1/books/${f.bookId}/plan/chapters/${f.chapter.id}`, owner.token, { storyDate: "2024-03-01", storyTime: "06:00" }), 201);
    expectSuccess(await patch(`/api/v1/books/${f.bookId}/plan/chapters/${f.other.id}`, owner.token, { storyDate: "2024-02-29" }), 201);
    const timeline = expectSuccess(await get(`/api/v1/books/${f.bookId}/timeline`, owner.token), 200) as Timeline;
    expect(timeline.items.map((item) => [item.readingOrder, item.title, item.storyOrder, item.departs, item.lane])).toEqual([
      [1, "Opening", 2, null, "date"],
      [2, "Second", 1, "flashback", "date"],
    ]);
    expect(timeline.storyOrder).toEqual([f.other.id, f.chapter.id]);
    expect(timeline.unplaced).toEqual([]);
  });

  it("refuses an unknown query parameter (400), an unknown book (404) and a book in the trash (404 book_in_trash), changing nothing", async () => {
    const f = await planFixture(owner);
    const before = await f.snapshot();
    expectFailure(await get(`/api/v1/books/${f.bookId}/timeline?lane=date`, owner.token), 400, "invalid_query");
    expectFailure(await get(`/api/v1/books/no-such-book/timeline`, owner.token), 404, "not_found");
    expect(await f.snapshot()).toEqual(before);
    expect((await del(`/api/v1/books/${f.bookId}`, owner.token)).status).toBe(204);
    expectFailure(await get(`/api/v1/books/${f.bookId}/timeline`, owner.token), 404, "book_in_trash");
  });
});
