// @module-tag postgres
// Issue 35 item 2: the plan as a caller meets it over HTTP. The credential and role matrices cover
// every plan endpoint; this covers what they refuse (bad input changes nothing) on both transports.
import { beforeAll, describe, expect, it } from "vitest";
import { del, expectFailure, expectSuccess, get, patch, post } from "../support/http-client";
import { outlineOf, outlineShape, planFixture } from "../support/http-plan-cases";
import { expectTrpcError, trpcMutation } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

let owner: Account;
let other: Account;

beforeAll(async () => {
  [owner, other] = await Promise.all([signUp("plan-owner"), signUp("plan-other")]);
});

describe("the plan over HTTP", () => {
  it("refuses bad input with a clear 4xx and changes nothing", async () => {
    const f = await planFixture(owner);
    const elsewhere = await planFixture(owner);
    const before = await f.snapshot();
    const chapter = `/api/v1/books/${f.bookId}/plan/chapters/${f.chapter.id}`;
    const refusals: [unknown, string][] = [
      [{ storyDate: "2023-02-29" }, "storyDate"],
      [{ storyDate: "next Tuesday" }, "storyDate"],
      [{ storyTime: "25:00" }, "storyTime"],
      [{ storyTime: "10:00" }, "storyTime"],
      [{ status: "finished" }, "status"],
      [{ povId: f.oxford.id }, "povId"],
      [{ povId: elsewhere.lyra.id }, "povId"],
      [{ characterIds: [f.lyra.id, f.lyra.id] }, "characterIds"],
      [{ labelIds: [elsewhere.label.id] }, "labelIds"],
      [{ plotlineIds: [elsewhere.plotline.id] }, "plotlineIds"],
      [{ targetWords: 0 }, "targetWords"],
      [{ synopsis: "x".repeat(5001) }, "synopsis"],
      [{ synopsis: "ok", wordCount: 3 }, ""],
      [{}, ""],
    ];
    for (const [body, path] of refusals) {
      const details = expectFailure(await patch(chapter, owner.token, body), 422, "validation_failed");
      if (path) expect(JSON.stringify(details), JSON.stringify(body)).toContain(path);
    }
    expectFailure(await patch(`/api/v1/books/${f.bookId}/plan/volumes/${f.chapter.id}`, owner.token, { synopsis: "x" }), 404, "not_found");
    expectFailure(await patch(`/api/v1/books/${f.bookId}/plan/chapters/${elsewhere.chapter.id}`, owner.token, { synopsis: "x" }), 404, "not_found");
    expectFailure(await patch(`/api/v1/books/${f.bookId}/plan/scenes/no-such-scene`, owner.token, { synopsis: "x" }), 404, "not_found");
    expectFailure(await get(`/api/v1/books/${f.bookId}/plan?colour=red`, owner.token), 400, "invalid_query");
    expectFailure(await get(`/api/v1/books/${f.bookId}/plan?status=finished`, owner.token), 400, "invalid_query");
    expectFailure(await post(`/api/v1/books/${f.bookId}/plotlines`, owner.token, { name: "主线" }), 409, "name_taken");
    expectFailure(await post(`/api/v1/books/${f.bookId}/labels`, owner.token, { name: "FLASHBACK" }), 409, "name_taken");
    expectFailure(await post(`/api/v1/books/${f.bookId}/labels`, owner.token, { name: "  " }), 422, "validation_failed");
    expectFailure(await post(`/api/v1/books/${f.bookId}/labels`, owner.token, { name: "x", colour: "red" }), 422, "validation_failed");
    expectFailure(await patch(`/api/v1/books/${f.bookId}/plotlines/${f.plotline.id}`, owner.token, { position: 0 }), 422, "validation_failed");
    expectFailure(await patch(`/api/v1/books/${f.bookId}/plotlines/${elsewhere.plotline.id}`, owner.token, { name: "stolen" }), 404, "not_found");
    expectFailure(await del(`/api/v1/books/${f.bookId}/labels/${elsewhere.label.id}`, owner.token), 404, "not_found");
    expectFailure(await patch(chapter, other.token, { synopsis: "mine" }), 403, "forbidden");
    expectFailure(await get(`/api/v1/books/${f.bookId}/plan`, other.token), 403, "forbidden");
    expectTrpcError(await trpcMutation("plan.update", { bookId: f.bookId, kind: "chapters", itemId: f.chapter.id, changes: { storyDate: "2023-02-29" } }, owner.token), 422, "validation_failed");
    expectTrpcError(await trpcMutation("plotlines.create", { bookId: f.bookId, name: "主线" }, owner.token), 409, "name_taken");
    expect(await f.snapshot()).toEqual(before);
  });

  it("a trashed chapter's plan is not editable, and the outline leaves it out until it comes back with its plan", async () => {
    const f = await planFixture(owner);
    expectSuccess(await del(`/api/v1/books/${f.bookId}/chapters/${f.other.id}`, owner.token), 204);
    expectFailure(await patch(`/api/v1/books/${f.bookId}/plan/chapters/${f.other.id}`, owner.token, { synopsis: "x" }), 404, "chapter_in_trash");
    expect(outlineShape(await outlineOf(owner, f.bookId))).toEqual(["chapter Opening", "part 第一卷"]);
    expectSuccess(await post(`/api/v1/books/${f.bookId}/chapters/${f.other.id}/untrash`, owner.token, {}), 201);
    const back = (await outlineOf(owner, f.bookId)).items.find((item) => item.id === f.other.id)!;
    expect(back.plan).toMatchObject({ synopsis: "The rain falls on Jordan College.", povId: f.lyra.id });
  });
});
