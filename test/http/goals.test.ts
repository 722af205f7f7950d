// @module-tag postgres
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectFailure, expectSuccess, get, patch, put } from "../support/http-client";
import { createBook, saveChapter, uploadChapter } from "../support/http-books";
import { expectTrpcError, trpcMutation, trpcQuery } from "../support/http-trpc";
import { mintToken, signUp, type Account } from "../support/http-users";

let writer: Account;
beforeAll(async () => {
  writer = await signUp("goals");
});

describe("goals, ledger and history over HTTP (issue 22)", () => {
  it("adds two devices' saves on one day to one total, and serves it over REST, tRPC and CSV", async () => {
    const laptop = writer.token;
    const tablet = (await mintToken(writer.token, ["read:books", "write:books"], "tablet")).token;
    expectSuccess(await patch("/api/v1/goals", laptop, { timeZone: "America/Los_Angeles", dailyGoal: 4 }), 201);
    const book = await createBook(laptop, { title: "Two Devices" });
    const chapter = await uploadChapter(laptop, book.id, "It snowed.");
    await saveChapter(laptop, book.id, chapter.id, 1, { content: "It snowed all night." });
    await saveChapter(tablet, book.id, chapter.id, 2, { content: "It snowed all night, softly, everywhere." });
    // The tablet's stale save is refused and adds nothing.
    expectFailure(await put(`/api/v1/books/${book.id}/chapters/${chapter.id}`, tablet, { title: "Chapter", content: "stale words here", version: 2 }), 409, "version_conflict");

    const today = expectSuccess(await get("/api/v1/stats/today", tablet), 200);
    expect(today).toMatchObject({ timeZone: "America/Los_Angeles", written: 4, removed: 0, imported: 2, restored: 0, dailyGoal: 4, met: true, streak: 1 });
    const viaTrpc = await trpcQuery("stats.today", {}, laptop);
    expect(viaTrpc.body.result.data).toEqual(today);

    const history = expectSuccess(await get(`/api/v1/stats/history?bookId=${book.id}`, laptop), 200);
    expect(history.days).toEqual([{ date: today.date, written: 4, removed: 0, imported: 2, restored: 0, net: 4 }]);
    const csv = await get("/api/v1/stats/history.csv", laptop);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toContain("writing-history.csv");
    expect(csv.text).toBe(`date,written,removed,imported,restored,net\r\n${today.date},4,0,2,0,4\r\n`);
    expect((await call("HEAD", "/api/v1/stats/history.csv", { token: laptop })).status).toBe(200);

    const progress = expectSuccess(await get(`/api/v1/books/${book.id}/progress`, laptop), 200);
    expect(progress.points).toEqual([{ date: today.date, wordCount: 6 }]);
  });

  it("answers 422 for a zone that is not IANA, a goal under one word and a deadline in the past, on both transports", async () => {
    const book = await createBook(writer.token, { title: "Bad Input" });
    expect(expectFailure(await patch("/api/v1/goals", writer.token, { timeZone: "Mars/Olympus" }), 422, "validation_failed")).toEqual([
      { path: "timeZone", message: expect.stringContaining("not an IANA time zone"), code: "custom", key: "timeZone" },
    ]);
    expectFailure(await patch("/api/v1/goals", writer.token, { dailyGoal: 0 }), 422, "validation_failed");
    expectFailure(await patch(`/api/v1/books/${book.id}/goal`, writer.token, { targetWordCount: -1 }), 422, "validation_failed");
    expectFailure(await patch(`/api/v1/books/${book.id}/goal`, writer.token, { deadline: "2001-01-01" }), 422, "validation_failed");
    expectFailure(await get("/api/v1/stats/history?from=2026-02-30", writer.token), 400, "invalid_query");
    expectTrpcError(await trpcMutation("goals.updateSettings", { timeZone: "+08:00" }, writer.token), 422, "validation_failed");
    expectTrpcError(await trpcMutation("goals.setBook", { bookId: book.id, deadline: "2001-01-01" }, writer.token), 422, "validation_failed");
    const goal = expectSuccess(await patch(`/api/v1/books/${book.id}/goal`, writer.token, { targetWordCount: 50000, deadline: "2999-12-31" }), 201);
    expect(goal).toMatchObject({ bookId: book.id, targetWordCount: 50000, deadline: "2999-12-31", remaining: 50000 });
  });

  it("reads with read:books and refuses goals and plans without write:books", async () => {
    const reader = (await mintToken(writer.token, ["read:books"], "reader")).token;
    const book = await createBook(writer.token, { title: "Scopes" });
    expectSuccess(await get("/api/v1/goals", reader), 200);
    expectSuccess(await get(`/api/v1/books/${book.id}/release-plan`, reader), 200);
    expectFailure(await patch("/api/v1/goals", reader, { dailyGoal: 100 }), 403, "insufficient_scope");
    expectFailure(await put(`/api/v1/books/${book.id}/release-plan`, reader, { cadence: "daily", startDate: null, minimumBufferDays: null }), 403, "insufficient_scope");
    expectTrpcError(await trpcMutation("releases.setPlan", { bookId: book.id, cadence: "daily", startDate: null, minimumBufferDays: null }, reader), 403, "insufficient_scope");
  });

  it("plans releases by cadence and marks one released", async () => {
    const book = await createBook(writer.token, { title: "Serial" });
    const first = await uploadChapter(writer.token, book.id, "第一章");
    await uploadChapter(writer.token, book.id, "第二章");
    const plan = expectSuccess(await put(`/api/v1/books/${book.id}/release-plan`, writer.token, { cadence: "daily", startDate: null, minimumBufferDays: 3 }), 201);
    expect(plan).toMatchObject({ cadence: "daily", bufferChapters: 2, bufferDays: 2, minimumBufferDays: 3, belowMinimum: true });
    expect(plan.chapters.every((c: { releaseDate: string | null }) => c.releaseDate !== null)).toBe(true);
    const marked = expectSuccess(await patch(`/api/v1/books/${book.id}/chapters/${first.id}/release`, writer.token, { released: true }), 201);
    expect(marked).toMatchObject({ bufferChapters: 1, bufferDays: 1 });
    expect(marked.chapters[0].releasedAt).toEqual(expect.any(String));
    const viaTrpc = await trpcQuery("releases.plan", { bookId: book.id }, writer.token);
    expect(viaTrpc.body.result.data).toEqual(marked);
  });

  it("plans two chapters a day at 08:00 and 20:00, counts the buffer in days and chapters, and refuses bad times with 422 (issue 32 item 7)", async () => {
    const book = await createBook(writer.token, { title: "两更" });
    const chapters = [];
    for (const text of ["第一章", "第二章", "第三章", "第四章"]) chapters.push(await uploadChapter(writer.token, book.id, text));
    const path = `/api/v1/books/${book.id}/release-plan`;
    const plan = expectSuccess(await put(path, writer.token, { cadence: "daily", startDate: null, minimumBufferDays: 3, releaseTimes: ["08:00", "20:00"] }), 201);
    expect(plan).toMatchObject({ releasesPerDay: 2, releaseTimes: ["08:00", "20:00"], bufferChapters: 4, bufferDays: 2, minimumBufferChapters: 6, belowMinimum: true });
    expect(plan.bufferRunsOut).toEqual({ date: expect.any(String), time: "08:00" });
    expect(plan.chapters.map((c: { releaseTime: string | null }) => c.releaseTime)).toEqual(["08:00", "20:00", "08:00", "20:00"]);

    for (const [body, path_] of [
      [{ releaseTimes: ["20:00", "08:00"] }, "releaseTimes"],
      [{ releasesPerDay: 3, releaseTimes: ["08:00", "20:00"] }, "releaseTimes"],
      [{ releaseTimes: ["25:00"] }, "releaseTimes.0"],
      [{ releasesPerDay: "two" }, "releasesPerDay"],
    ] as const) {
      const details = expectFailure(await put(path, writer.token, { cadence: "daily", startDate: null, minimumBufferDays: 3, ...body }), 422, "validation_failed");
      expect(details).toEqual([expect.objectContaining({ path: path_ })]);
    }
    expectFailure(await patch(`/api/v1/books/${book.id}/chapters/${chapters[0]!.id}/release`, writer.token, { releaseTime: "8pm" }), 422, "validation_failed");
    expect(expectSuccess(await get(path, writer.token), 200)).toEqual(plan);

    const timed = expectSuccess(await patch(`/api/v1/books/${book.id}/chapters/${chapters[0]!.id}/release`, writer.token, { releaseTime: "07:30", released: true }), 201);
    expect(timed.chapters[0]).toMatchObject({ releaseTime: "07:30", releasedAt: expect.any(String) });
    expect(timed).toMatchObject({ bufferChapters: 3, releaseStreak: { current: 1, longest: 1 } });
    // A caller that knows nothing of chapters a day plans one a day without times, as before.
    const single = expectSuccess(await put(path, writer.token, { cadence: "daily", startDate: null, minimumBufferDays: 3 }), 201);
    expect(single).toMatchObject({ releasesPerDay: 1, releaseTimes: [], bufferDays: 3, minimumBufferChapters: 3, belowMinimum: false });
    expect(single.chapters.slice(1).map((c: { releaseTime: string | null }) => c.releaseTime)).toEqual([null, null, null]);
  });
});
