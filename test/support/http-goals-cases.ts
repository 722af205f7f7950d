import { expect } from "vitest";
import { expectSuccess, get } from "./http-client";
import { createBook, saveChapter, uploadChapter } from "./http-books";
import type { Account } from "./http-users";
import type { Prepare } from "./case-types";

/** A book with a chapter saved once (words in the ledger today), and its goal and plan as the owner reads them. */
async function goalsFixture(owner: Account) {
  const book = await createBook(owner.token, { title: "Goals Fixture" });
  const chapter = await uploadChapter(owner.token, book.id, "Snow fell.");
  await saveChapter(owner.token, book.id, chapter.id, 1, { content: "Snow fell all night." });
  const snapshot = async () => ({
    settings: expectSuccess(await get("/api/v1/goals", owner.token), 200),
    goal: expectSuccess(await get(`/api/v1/books/${book.id}/goal`, owner.token), 200),
    plan: expectSuccess(await get(`/api/v1/books/${book.id}/release-plan`, owner.token), 200),
  });
  return { book, chapter, snapshot };
}

/** The credential matrix's fixtures for the goals, stats and releases endpoints (issue 22). */
export const GOALS_CASES: Record<string, Prepare> = {
  "GET /api/v1/goals": async (owner) => {
    const f = await goalsFixture(owner);
    return { path: "/api/v1/goals", snapshot: f.snapshot, afterSuccess: async (data) => expect(data).toMatchObject({ timeZone: expect.any(String), daysOff: expect.any(Array) }) };
  },
  "PATCH /api/v1/goals": async (owner) => {
    const f = await goalsFixture(owner);
    return {
      path: "/api/v1/goals",
      body: { sessionGoal: 321 },
      snapshot: f.snapshot,
      afterSuccess: async () => expect((await f.snapshot()).settings.sessionGoal).toBe(321),
    };
  },
  "GET /api/v1/books/{bookId}/goal": async (owner) => {
    const f = await goalsFixture(owner);
    return { path: `/api/v1/books/${f.book.id}/goal`, snapshot: f.snapshot, afterSuccess: async (data) => expect(data).toMatchObject({ bookId: f.book.id, wordCount: 4, writtenToday: 2 }) };
  },
  "PATCH /api/v1/books/{bookId}/goal": async (owner) => {
    const f = await goalsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/goal`,
      body: { targetWordCount: 80000, deadline: "2999-06-30" },
      snapshot: f.snapshot,
      afterSuccess: async () => expect((await f.snapshot()).goal).toMatchObject({ targetWordCount: 80000, deadline: "2999-06-30" }),
    };
  },
  "GET /api/v1/stats/today": async (owner) => {
    const f = await goalsFixture(owner);
    return { path: "/api/v1/stats/today", snapshot: f.snapshot, afterSuccess: async (data) => expect(data).toMatchObject({ written: expect.any(Number), imported: expect.any(Number) }) };
  },
  "GET /api/v1/stats/history": async (owner) => {
    const f = await goalsFixture(owner);
    return {
      path: `/api/v1/stats/history?bookId=${f.book.id}`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as { totals: unknown }).totals).toEqual({ written: 2, removed: 0, imported: 2, restored: 0, net: 2 }),
    };
  },
  "GET /api/v1/stats/history.csv": async (owner) => {
    const f = await goalsFixture(owner);
    return {
      path: `/api/v1/stats/history.csv?bookId=${f.book.id}`,
      snapshot: f.snapshot,
      async afterSuccess(response) {
        expect((response as { text: string }).text).toMatch(/^date,written,removed,imported,restored,net\r\n\d{4}-\d{2}-\d{2},2,0,2,0,2\r\n$/);
      },
    };
  },
  "GET /api/v1/books/{bookId}/progress": async (owner) => {
    const f = await goalsFixture(owner);
    return { path: `/api/v1/books/${f.book.id}/progress`, snapshot: f.snapshot, afterSuccess: async (data) => expect((data as { points: unknown[] }).points).toEqual([{ date: expect.any(String), wordCount: 4 }]) };
  },
  "GET /api/v1/books/{bookId}/release-plan": async (owner) => {
    const f = await goalsFixture(owner);
    return { path: `/api/v1/books/${f.book.id}/release-plan`, snapshot: f.snapshot, afterSuccess: async (data) => expect(data).toMatchObject({ bookId: f.book.id, bufferChapters: 1 }) };
  },
  "PUT /api/v1/books/{bookId}/release-plan": async (owner) => {
    const f = await goalsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/release-plan`,
      body: { cadence: "weekly", startDate: "2999-01-01", minimumBufferDays: 7 },
      snapshot: f.snapshot,
      afterSuccess: async () => expect((await f.snapshot()).plan).toMatchObject({ cadence: "weekly", startDate: "2999-01-01", chapters: [{ releaseDate: "2999-01-01" }] }),
    };
  },
  "PATCH /api/v1/books/{bookId}/chapters/{chapterId}/release": async (owner) => {
    const f = await goalsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapters/${f.chapter.id}/release`,
      body: { releaseDate: "2999-02-03" },
      snapshot: f.snapshot,
      afterSuccess: async () => expect((await f.snapshot()).plan.chapters[0]).toMatchObject({ releaseDate: "2999-02-03", releasedAt: null }),
    };
  },
};
