import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { bookFixture, createBook, uploadChapter } from "./http-books";
import { expectSuccess, get } from "./http-client";
import { MANUSCRIPT } from "./http-convert-cases";
import { trpcMutation } from "./http-trpc";
import type { PrepareCall } from "./case-types";
import type { Account } from "./http-users";

// tRPC credential fixtures for the procedures of issues 19, 22 and 23 (import preview, goals,
// writing history, release plans, search and replace); test/support/trpc-cases.ts has the rest.

const nothing = async () => null;
const DAY = /^\d{4}-\d{2}-\d{2}$/;


const goalsOf = async (owner: Account) => expectSuccess(await get("/api/v1/goals", owner.token), 200);
const bookGoalOf = async (owner: Account, bookId: string) => expectSuccess(await get(`/api/v1/books/${bookId}/goal`, owner.token), 200);
const planOf = async (owner: Account, bookId: string) => expectSuccess(await get(`/api/v1/books/${bookId}/release-plan`, owner.token), 200);

/** A calendar day some days from now, far enough ahead to be "today or later" in every zone. */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export const WRITING_TRPC_CASES: Record<string, PrepareCall> = {
  "convert.importPreview": async (owner) => {
    const books = async () => expectSuccess(await get("/api/v1/books?per_page=100", owner.token), 200);
    const before = await books();
    return {
      input: { fileName: "manuscript.md", text: MANUSCRIPT },
      stranger: null,
      snapshot: books,
      async afterSuccess(data) {
        expect(data).toMatchObject({ chapterCount: 2, wordCount: 6, chapters: [{ title: "One", wordCount: 3 }, { title: "Two", wordCount: 3 }] });
        // A dry run: no book was made.
        expect(await books()).toEqual(before);
      },
    };
  },
  "goals.settings": async () => ({
    stranger: null,
    snapshot: nothing,
    async afterSuccess(data) {
      expect(data).toMatchObject({ timeZone: expect.any(String), daysOff: expect.any(Array) });
    },
  }),
  "goals.updateSettings": async (owner) => ({
    input: { dailyGoal: 777 },
    stranger: null,
    snapshot: () => goalsOf(owner),
    async afterSuccess(data) {
      expect(data).toMatchObject({ dailyGoal: 777 });
      expect(await goalsOf(owner)).toMatchObject({ dailyGoal: 777 });
    },
  }),
  "goals.book": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        const book = expectSuccess(await get(`/api/v1/books/${f.book.id}`, owner.token), 200) as { wordCount: number };
        expect(data).toMatchObject({ bookId: f.book.id, wordCount: book.wordCount, targetWordCount: null, deadline: null });
      },
    };
  },
  "goals.setBook": async (owner) => {
    const f = await bookFixture(owner);
    const deadline = dayAhead(30);
    return {
      input: { bookId: f.book.id, targetWordCount: 50_000, deadline },
      stranger: "forbidden",
      snapshot: () => bookGoalOf(owner, f.book.id),
      async afterSuccess(data) {
        expect(data).toMatchObject({ bookId: f.book.id, targetWordCount: 50_000, deadline });
        expect(await bookGoalOf(owner, f.book.id)).toMatchObject({ targetWordCount: 50_000, deadline });
      },
    };
  },
  "stats.today": async (owner) => {
    await bookFixture(owner);
    return {
      stranger: null,
      snapshot: nothing,
      async afterSuccess(data) {
        expect(data).toMatchObject({ date: expect.stringMatching(DAY), timeZone: expect.any(String) });
        expect((data as { written: number }).written).toBeGreaterThan(0);
      },
    };
  },
  "stats.history": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: nothing,
      async afterSuccess(data) {
        const { days } = data as { days: { date: string; written: number }[] };
        expect(days.length).toBeGreaterThan(0);
        expect(days.at(-1)!.date).toMatch(DAY);
      },
    };
  },
  "stats.bookProgress": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect((data as { points: { date: string; wordCount: number }[] }).points.at(-1)).toMatchObject({ date: expect.stringMatching(DAY), wordCount: expect.any(Number) });
      },
    };
  },
  "releases.plan": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ bookId: f.book.id, cadence: null });
        expect((data as { chapters: { chapterId: string }[] }).chapters.map((c) => c.chapterId)).toEqual([f.chapter.id, f.other.id]);
      },
    };
  },
  "releases.setPlan": async (owner) => {
    const f = await bookFixture(owner);
    const startDate = dayAhead(2);
    return {
      input: { bookId: f.book.id, cadence: "daily", startDate, minimumBufferDays: 3 },
      stranger: "forbidden",
      snapshot: () => planOf(owner, f.book.id),
      async afterSuccess(data) {
        expect(data).toMatchObject({ cadence: "daily", startDate, minimumBufferDays: 3 });
        expect((data as { chapters: { releaseDate: string | null }[] }).chapters[0]!.releaseDate).toBe(startDate);
      },
    };
  },
  "releases.setChapter": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, chapterId: f.chapter.id, released: true },
      stranger: "forbidden",
      snapshot: () => planOf(owner, f.book.id),
      async afterSuccess(data) {
        const chapter = (data as { chapters: { chapterId: string; releasedAt: string | null }[] }).chapters.find((c) => c.chapterId === f.chapter.id);
        expect(chapter?.releasedAt).toEqual(expect.any(String));
      },
    };
  },
  "search.book": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, query: "rain" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ total: 1, items: [{ chapterId: f.other.id, match: "rain" }] });
      },
    };
  },
  "search.library": async (owner) => {
    // A word of this case's own: the owner's library fills with fixture books whose text ranks equal,
    // so a shared phrase could leave this chapter off the first page.
    const word = `lantern${randomUUID().replaceAll("-", "")}`;
    const book = await createBook(owner.token);
    const chapter = await uploadChapter(owner.token, book.id, `The ${word} glowed.`);
    return {
      input: { query: word },
      stranger: null,
      snapshot: nothing,
      async afterSuccess(data) {
        expect((data as { items: { chapterId: string }[] }).items.map((i) => i.chapterId)).toEqual([chapter.id]);
      },
    };
  },
  "search.previewReplace": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, query: "rain", replacement: "snow" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ total: 1, chapters: [{ chapterId: f.other.id, hits: [{ match: "rain", replacement: "snow" }] }] });
      },
    };
  },
  "search.applyReplace": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, query: "rain", replacement: "snow", chapters: [{ chapterId: f.other.id, version: f.other.version, skip: [] }] },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ replaced: 1, chapters: [{ chapterId: f.other.id, replaced: 1 }] });
        expect(expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters/${f.other.id}`, owner.token), 200)).toMatchObject({ content: "The snow fell." });
      },
    };
  },
  "search.changeSets": async (owner) => {
    const f = await bookFixture(owner);
    await applied(owner, f);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect((data as { items: unknown[] }).items).toEqual([expect.objectContaining({ query: "rain", replacement: "snow", replaced: 1, undoneAt: null })]);
      },
    };
  },
  "search.undoChangeSet": async (owner) => {
    const f = await bookFixture(owner);
    const changeSetId = await applied(owner, f);
    return {
      input: { bookId: f.book.id, changeSetId },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ changeSetId, chapters: [{ chapterId: f.other.id }] });
        expect(expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters/${f.other.id}`, owner.token), 200)).toMatchObject({ content: "The rain fell." });
      },
    };
  },
};

/** "rain" → "snow" in the fixture's second chapter, applied; its change set's id. */
async function applied(owner: Account, f: Awaited<ReturnType<typeof bookFixture>>): Promise<string> {
  const input = { bookId: f.book.id, query: "rain", replacement: "snow", chapters: [{ chapterId: f.other.id, version: f.other.version, skip: [] }] };
  const response = await trpcMutation("search.applyReplace", input, owner.token);
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return response.body.result.data.changeSetId as string;
}
