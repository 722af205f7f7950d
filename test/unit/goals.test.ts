// @module-tag postgres
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { getBookGoal } from "@/server/goals/get-book-goal";
import { getBookProgress } from "@/server/goals/get-book-progress";
import { getHistory } from "@/server/goals/get-history";
import { getGoalSettings } from "@/server/goals/get-settings";
import { getToday } from "@/server/goals/get-today";
import { historyCsv } from "@/server/goals/history-csv";
import { setBookGoal } from "@/server/goals/set-book-goal";
import { updateGoalSettings } from "@/server/goals/update-settings";
import { getReleasePlan } from "@/server/releases/get-plan";
import { setChapterRelease } from "@/server/releases/set-chapter-release";
import { setReleasePlan } from "@/server/releases/set-plan";
import { createContextInner } from "@/server/trpc/context";
import { createCaller } from "@/server/trpc/root";
import { newWriter, withScopes } from "../support/principals";

async function bookFor(writer: Principal, targetWordCount: number | null = null) {
  return createBook({ title: "Goals", type: "novel", description: "", language: "en", status: "drafting", targetWordCount }, writer);
}

function at(instant: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(instant));
}

const words = (n: number, prefix = "w") => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(" ");

afterEach(() => {
  vi.useRealTimers();
});

describe("goal settings (issue 22 item 2)", () => {
  it("keeps the zone canonical, the goals and days off", async () => {
    const ada = await newWriter("ada");
    expect(await getGoalSettings(ada)).toEqual({ timeZone: "UTC", dailyGoal: null, sessionGoal: null, daysOff: [], minimumBufferDays: null });
    const saved = await updateGoalSettings({ timeZone: "asia/shanghai", dailyGoal: 1000, sessionGoal: 300, daysOff: [6, 0], minimumBufferDays: 5 }, ada);
    expect(saved).toEqual({ timeZone: "Asia/Shanghai", dailyGoal: 1000, sessionGoal: 300, daysOff: [0, 6], minimumBufferDays: 5 });
  });

  it("refuses a zone that is not IANA, a goal under one word and a deadline in the past (422)", async () => {
    const ben = await newWriter("ben");
    const caller = createCaller(createContextInner({ principal: ben }));
    for (const timeZone of ["Mars/Olympus", "+08:00", "GMT+8 "]) {
      await expect(updateGoalSettings({ timeZone }, ben)).rejects.toMatchObject({ code: "validation_failed", status: 422, details: [{ path: "timeZone" }] });
    }
    await expect(caller.goals.updateSettings({ dailyGoal: 0 })).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    await expect(caller.goals.updateSettings({ sessionGoal: -5 })).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    const book = await bookFor(ben);
    at("2026-11-20T12:00:00Z");
    await expect(setBookGoal({ bookId: book.id, deadline: "2026-11-19" }, ben)).rejects.toMatchObject({ code: "validation_failed", details: [{ path: "deadline" }] });
    await expect(caller.goals.setBook({ bookId: book.id, targetWordCount: 0 })).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    // Today is still a writing day.
    expect(await setBookGoal({ bookId: book.id, deadline: "2026-11-20" }, ben)).toMatchObject({ deadline: "2026-11-20", daysLeft: 1 });
  });

  it("needs read:books to read and write:books to set", async () => {
    const cy = await newWriter("cy");
    await expect(getToday(withScopes(cy, []))).rejects.toMatchObject({ code: "insufficient_scope" });
    await expect(updateGoalSettings({ dailyGoal: 5 }, withScopes(cy, ["read:books"]))).rejects.toMatchObject({ code: "insufficient_scope" });
    expect(await getGoalSettings(withScopes(cy, ["read:books"]))).toMatchObject({ timeZone: "UTC" });
  });
});

describe("a book's deadline turns the remaining words into words per day", () => {
  it("spreads what was left this morning over the writing days left, days off excluded", async () => {
    const dee = await newWriter("dee");
    await updateGoalSettings({ daysOff: [0, 6] }, dee);
    const book = await bookFor(dee, 1000);
    at("2026-11-23T09:00:00Z"); // a Monday
    const chapter = await uploadChapter({ bookId: book.id, content: words(100) }, dee);
    // The deadline is Sunday the 29th: Monday to Friday are five writing days.
    const goal = await setBookGoal({ bookId: book.id, deadline: "2026-11-29" }, dee);
    expect(goal).toMatchObject({ wordCount: 100, remaining: 900, daysLeft: 5, writtenToday: 0 });
    // What the upload brought today counts toward this morning's start: 1000 − 0 over 5 days.
    expect(goal.wordsPerDay).toBe(200);
    await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 1, content: `${words(100)} ${words(50, "x")}` }, dee);
    // Writing during the day leaves the day's quota as it was.
    expect(await getBookGoal({ bookId: book.id }, dee)).toMatchObject({ wordCount: 150, remaining: 850, wordsPerDay: 200, writtenToday: 50 });
    at("2026-11-24T09:00:00Z");
    expect(await getBookGoal({ bookId: book.id }, dee)).toMatchObject({ daysLeft: 4, wordsPerDay: Math.ceil(850 / 4), writtenToday: 0 });
  });
});

describe("stats (issue 22 item 3)", () => {
  it("today, streaks across a day off, history with best day and average, CSV, and the book's progress", async () => {
    const eve = await newWriter("eve");
    await updateGoalSettings({ dailyGoal: 3, daysOff: [0] }, eve);
    const book = await bookFor(eve, 100);
    at("2026-11-20T10:00:00Z"); // Friday
    const chapter = await uploadChapter({ bookId: book.id, content: "a" }, eve);
    const ids = { bookId: book.id, chapterId: chapter.id };
    let text = "a";
    let version = 1;
    const write = async (n: number) => {
      text = `${text} ${words(n, `v${version}x`)}`;
      await saveChapter({ ...ids, version, content: text }, eve);
      version++;
    };
    await write(4); // Friday: met
    at("2026-11-21T10:00:00Z");
    await write(5); // Saturday: met
    // Sunday the 22nd is a day off, not written: the streak holds.
    at("2026-11-23T10:00:00Z");
    await write(1); // Monday: not met yet
    let today = await getToday(eve);
    expect(today).toMatchObject({ date: "2026-11-23", written: 1, dailyGoal: 3, met: false, streak: 2 });
    await write(2);
    today = await getToday(eve);
    expect(today).toMatchObject({ written: 3, met: true, streak: 3 });

    const history = await getHistory({}, eve);
    expect(history.days.map((d) => [d.date, d.written])).toEqual([
      ["2026-11-20", 4],
      ["2026-11-21", 5],
      ["2026-11-23", 3],
    ]);
    expect(history).toMatchObject({ totals: { written: 12, imported: 1, removed: 0, restored: 0, net: 12 }, bestDay: { date: "2026-11-21", net: 5 }, averagePerWritingDay: 4, streak: 3, longestStreak: 3 });
    expect(historyCsv(history)).toBe("date,written,removed,imported,restored,net\r\n2026-11-20,4,0,1,0,4\r\n2026-11-21,5,0,0,0,5\r\n2026-11-23,3,0,0,0,3\r\n");
    expect((await getHistory({ from: "2026-11-21", to: "2026-11-21" }, eve)).days).toHaveLength(1);
    await expect(getHistory({ from: "2026-11-22", to: "2026-11-21" }, eve)).rejects.toMatchObject({ code: "validation_failed" });

    expect(await getBookProgress({ bookId: book.id }, eve)).toEqual({
      points: [
        { date: "2026-11-20", wordCount: 5 },
        { date: "2026-11-21", wordCount: 10 },
        { date: "2026-11-23", wordCount: 13 },
      ],
      targetWordCount: 100,
      deadline: null,
      startDate: "2026-11-20",
    });
  });

  // Issue 33 item 5: "today" only went up (deleting 3,000 words gave +45, deleting a letter +1)
  // while the session was net. Every counter is net now: typed less deleted.
  it("counts every day by one rule, typed less deleted: a cut is negative, a corrected word nothing, and the goal and streak follow", async () => {
    const max = await newWriter("max");
    await updateGoalSettings({ dailyGoal: 2 }, max);
    const book = await bookFor(max, 100);
    at("2026-11-24T09:00:00Z");
    const chapter = await uploadChapter({ bookId: book.id, content: words(200, "kept") }, max);
    const ids = { bookId: book.id, chapterId: chapter.id };
    await saveChapter({ ...ids, version: 1, content: `${words(200, "kept")} one two three` }, max);
    expect(await getToday(max)).toMatchObject({ written: 3, removed: 0, imported: 200, net: 3, met: true, streak: 1 });
    // A letter corrected: one word out, one in.
    await saveChapter({ ...ids, version: 2, content: `${words(200, "kept")} one two thre` }, max);
    expect(await getToday(max)).toMatchObject({ written: 4, removed: 1, net: 3, met: true });
    // Cutting 100 words takes the day below nothing, and the goal with it.
    await saveChapter({ ...ids, version: 3, content: `${words(100, "kept")} one two thre` }, max);
    expect(await getToday(max)).toMatchObject({ removed: 101, net: -97, met: false, streak: 0 });
    expect((await getBookGoal({ bookId: book.id }, max)).writtenToday).toBe(-97);
    const history = await getHistory({}, max);
    expect(history).toMatchObject({ totals: { net: -97 }, bestDay: null, averagePerWritingDay: 0 });
  });

  it("another writer's book is 403 for its history and progress", async () => {
    const owner = await newWriter("owner");
    const other = await newWriter("other");
    const book = await bookFor(owner);
    await expect(getHistory({ bookId: book.id }, other)).rejects.toMatchObject({ code: "forbidden" });
    await expect(getBookProgress({ bookId: book.id }, other)).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("release planner (issue 22 item 4)", () => {
  it("gives unreleased chapters days by cadence in book order, counts the buffer in days and warns under the minimum", async () => {
    const fu = await newWriter("fu");
    const book = await bookFor(fu);
    at("2026-11-20T10:00:00Z"); // Friday
    const chapters = [];
    for (let i = 0; i < 4; i++) chapters.push(await uploadChapter({ bookId: book.id, content: `第${i}章` }, fu));
    await setChapterRelease({ bookId: book.id, chapterId: chapters[0]!.id, released: true }, fu);

    let plan = await setReleasePlan({ bookId: book.id, cadence: "weekdays", startDate: "2026-11-20", minimumBufferDays: 5 }, fu);
    expect(plan.chapters.map((c) => c.releaseDate)).toEqual(["2026-11-20", "2026-11-20", "2026-11-23", "2026-11-24"]);
    expect(plan.chapters[0]!.releasedAt).not.toBeNull();
    // Three chapters ahead, released on weekdays from today (Friday): Fri, Mon, Tue; Wednesday finds none.
    expect(plan).toMatchObject({ cadence: "weekdays", bufferChapters: 3, bufferDays: 5, minimumBufferDays: 5, belowMinimum: false });

    plan = await setReleasePlan({ bookId: book.id, cadence: "daily", startDate: null, minimumBufferDays: 5 }, fu);
    expect(plan.chapters.slice(1).map((c) => c.releaseDate)).toEqual(["2026-11-20", "2026-11-21", "2026-11-22"]);
    expect(plan).toMatchObject({ bufferDays: 3, belowMinimum: true });

    plan = await setReleasePlan({ bookId: book.id, cadence: "weekly", startDate: "2026-11-25", minimumBufferDays: null }, fu);
    expect(plan.chapters.slice(1).map((c) => c.releaseDate)).toEqual(["2026-11-25", "2026-12-02", "2026-12-09"]);
    // Counted from the first release day ahead, the 25th, to the 16th that finds none (decision 0502; 26 from today before).
    expect(plan).toMatchObject({ bufferDays: 21, belowMinimum: false, minimumBufferDays: null });

    plan = await setChapterRelease({ bookId: book.id, chapterId: chapters[1]!.id, released: true }, fu);
    expect(plan).toMatchObject({ bufferChapters: 2 });
    plan = await setChapterRelease({ bookId: book.id, chapterId: chapters[3]!.id, releaseDate: "2026-12-31" }, fu);
    expect(plan.chapters[3]!.releaseDate).toBe("2026-12-31");
    expect(await getReleasePlan({ bookId: book.id }, fu)).toEqual(plan);
  });

  it("plans N chapters a release day at release times, counts the buffer in true days and chapters, and the streak (issue 32 item 7)", async () => {
    const lin = await newWriter("lin");
    const book = await bookFor(lin);
    await updateGoalSettings({ timeZone: "Asia/Shanghai" }, lin);
    at("2026-12-07T02:00:00Z"); // Monday 10:00 in Shanghai
    const chapters = [];
    for (let i = 0; i < 6; i++) chapters.push(await uploadChapter({ bookId: book.id, content: `第${i}章` }, lin));
    // A plan stored before chapters a day and times: one a day, no times.
    let plan = await setReleasePlan({ bookId: book.id, cadence: "daily", startDate: "2026-12-08", minimumBufferDays: 3 }, lin);
    expect(plan).toMatchObject({ releasesPerDay: 1, releaseTimes: [], bufferChapters: 6, bufferDays: 6, minimumBufferChapters: 3, belowMinimum: false });
    expect(plan.chapters.map((c) => c.releaseTime)).toEqual([null, null, null, null, null, null]);

    // 两更 at 08:00 and 20:00 from tomorrow: the times alone say two a day.
    plan = await setReleasePlan({ bookId: book.id, cadence: "daily", startDate: "2026-12-08", minimumBufferDays: 4, releaseTimes: ["08:00", "20:00"] }, lin);
    expect(plan.chapters.map((c) => `${c.releaseDate} ${c.releaseTime}`)).toEqual([
      "2026-12-08 08:00",
      "2026-12-08 20:00",
      "2026-12-09 08:00",
      "2026-12-09 20:00",
      "2026-12-10 08:00",
      "2026-12-10 20:00",
    ]);
    expect(plan).toMatchObject({
      releasesPerDay: 2,
      releaseTimes: ["08:00", "20:00"],
      bufferChapters: 6,
      bufferDays: 3,
      bufferRunsOut: { date: "2026-12-11", time: "08:00" },
      minimumBufferDays: 4,
      minimumBufferChapters: 8,
      belowMinimum: true,
      releaseStreak: { current: 0, longest: 0 },
    });

    // Two out on Tuesday, one on Wednesday: a streak of two days, the buffer three chapters.
    at("2026-12-09T13:00:00Z"); // Wednesday 21:00 in Shanghai
    for (const chapter of chapters.slice(0, 3)) plan = await setChapterRelease({ bookId: book.id, chapterId: chapter.id, released: true }, lin);
    expect(plan).toMatchObject({ bufferChapters: 3, releaseStreak: { current: 2, longest: 2 } });
    plan = await setChapterRelease({ bookId: book.id, chapterId: chapters[3]!.id, releaseTime: "21:30" }, lin);
    expect(plan.chapters[3]).toMatchObject({ releaseDate: "2026-12-09", releaseTime: "21:30" });
    expect(await getReleasePlan({ bookId: book.id }, lin)).toEqual(plan);
  });

  it("refuses release times out of order, not one per chapter of the day, or not HH:MM (422), and changes nothing", async () => {
    const mo = await newWriter("mo");
    const book = await bookFor(mo);
    await uploadChapter({ bookId: book.id, content: "一" }, mo);
    const before = await getReleasePlan({ bookId: book.id }, mo);
    const base = { bookId: book.id, cadence: "daily" as const, startDate: null, minimumBufferDays: null };
    const caller = createCaller(createContextInner({ principal: mo }));
    // Each with what it means as data (decision 0515): our check's key, or zod's code.
    const refusals: [{ releasesPerDay?: number; releaseTimes?: string[] }, string, object][] = [
      [{ releaseTimes: ["20:00", "08:00"] }, "earliest first", { code: "custom", key: "releaseTimesOrder" }],
      [{ releaseTimes: ["08:00", "08:00"] }, "earliest first", { code: "custom", key: "releaseTimesOrder" }],
      [{ releasesPerDay: 3, releaseTimes: ["08:00", "20:00"] }, "one time per chapter", { code: "custom", key: "releaseTimesCount", params: { count: 3 } }],
      [{ releaseTimes: ["8:00"] }, "HH:MM", { code: "invalid_format", format: "regex" }],
      [{ releaseTimes: ["24:00"] }, "HH:MM", { code: "invalid_format", format: "regex" }],
      [{ releasesPerDay: 0 }, "at least one", { code: "too_small", origin: "number", minimum: 1 }],
      [{ releasesPerDay: 25 }, "at most 24", { code: "too_big", origin: "number", maximum: 24 }],
    ];
    for (const [change, message, meaning] of refusals) {
      const refusal = (await caller.releases.setPlan({ ...base, ...change }).catch((e: unknown) => e)) as { code: string; cause: { details: { path: string; message: string }[] } };
      expect(refusal.code).toBe("UNPROCESSABLE_CONTENT");
      expect(refusal.cause.details).toEqual([expect.objectContaining({ path: expect.stringMatching(/^releas/), message: expect.stringContaining(message), ...meaning })]);
    }
    await expect(caller.releases.setChapter({ bookId: book.id, chapterId: before.chapters[0]!.chapterId, releaseTime: "7pm" })).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    expect(await getReleasePlan({ bookId: book.id }, mo)).toEqual(before);
  });
});

describe("transports (issue 22 item 5)", () => {
  it("serves every goals, stats and releases operation over REST and as the tRPC procedure of its name", async () => {
    const { OPERATION_SCOPES } = await import("@/server/auth/scopes");
    const { ENDPOINTS } = await import("@/server/http/endpoints");
    const { appRouter } = await import("@/server/trpc/root");
    const operations = Object.keys(OPERATION_SCOPES).filter((o) => /^(goals|stats|releases)\./.test(o));
    expect(operations).toHaveLength(10);
    for (const operation of operations) {
      expect(ENDPOINTS.some((e) => e.operation === operation), operation).toBe(true);
      expect(Object.keys(appRouter._def.procedures), operation).toContain(operation);
    }
  });
});
