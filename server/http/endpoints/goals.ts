import { bookIdParams } from "../../books/schemas";
import { chapterParams } from "../../chapters/schemas";
import { getBookGoal } from "../../goals/get-book-goal";
import { getBookProgress } from "../../goals/get-book-progress";
import { getHistory } from "../../goals/get-history";
import { getGoalSettings } from "../../goals/get-settings";
import { getToday } from "../../goals/get-today";
import { historyCsv } from "../../goals/history-csv";
import {
  bookGoalSchema,
  bookProgressSchema,
  goalSettingsSchema,
  historyQuery,
  historySchema,
  setBookGoalInput,
  todaySchema,
  updateGoalSettingsInput,
} from "../../goals/schemas";
import { setBookGoal } from "../../goals/set-book-goal";
import { updateGoalSettings } from "../../goals/update-settings";
import { getReleasePlan } from "../../releases/get-plan";
import { releasePlanSchema, setChapterReleaseInput, setReleasePlanInput } from "../../releases/schemas";
import { setChapterRelease } from "../../releases/set-chapter-release";
import { setReleasePlan } from "../../releases/set-plan";
import { defineEndpoint } from "../endpoint";
import { fileHead } from "../envelope";

// GET /api/v1/goals — the writer's goal settings
export const goalSettingsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/goals",
  summary: "Your time zone, daily and session goals, days off and minimum release buffer",
  operation: "goals.settings",
  auth: "required",
  success: { status: 200, description: "the settings", schema: goalSettingsSchema },
  run: (_, principal) => getGoalSettings(principal),
});

// PATCH /api/v1/goals — change some goal settings
export const updateGoalSettingsEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/goals",
  summary: "Change some goal settings (a zone that is not IANA, or a goal under one word, is 422)",
  operation: "goals.updateSettings",
  auth: "required",
  body: { schema: updateGoalSettingsInput },
  writableAttributes: Object.keys(updateGoalSettingsInput.shape),
  success: { status: 201, description: "the settings as saved", schema: goalSettingsSchema },
  run: updateGoalSettings,
});

// GET /api/v1/books/{bookId}/goal — a book's target, deadline and today's quota
export const bookGoalEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/goal",
  summary: "A book's target and deadline, and the words a day they ask for (recomputed each day, days off excluded)",
  operation: "goals.book",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the book's goal", schema: bookGoalSchema },
  errors: ["book_in_trash", "gone"],
  run: getBookGoal,
});

// PATCH /api/v1/books/{bookId}/goal — set or clear a book's target and deadline
export const setBookGoalEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/books/{bookId}/goal",
  summary: "Set or clear a book's target and deadline (a deadline in the past is 422)",
  operation: "goals.setBook",
  auth: "required",
  params: bookIdParams,
  body: { schema: setBookGoalInput },
  writableAttributes: Object.keys(setBookGoalInput.shape),
  success: { status: 201, description: "the book's goal as saved", schema: bookGoalSchema },
  errors: ["book_in_trash", "gone"],
  run: setBookGoal,
});

// GET /api/v1/stats/today — today's words across books and devices
export const todayEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/stats/today",
  summary: "Today's words (written, removed, imported, restored) across every book and device, the daily goal and the streak",
  operation: "stats.today",
  auth: "required",
  success: { status: 200, description: "today", schema: todaySchema },
  run: (_, principal) => getToday(principal),
});

// GET /api/v1/stats/history — days, totals, best day, streaks
export const historyEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/stats/history",
  summary: "Your writing days (the last 365 by default; one book's with bookId), totals, best day, average and streaks",
  operation: "stats.history",
  auth: "required",
  query: historyQuery,
  success: { status: 200, description: "the history", schema: historySchema },
  run: getHistory,
});

const CSV = "text/csv; charset=utf-8";
const csvFile = { name: "writing-history.csv", mediaType: CSV };

// GET /api/v1/stats/history.csv — the same days as CSV
export const historyCsvEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/stats/history.csv",
  summary: "Your writing days as CSV: date,written,removed,imported,restored (same query as /stats/history)",
  operation: "stats.history",
  auth: "required",
  query: historyQuery,
  success: { status: 200, description: "the days, one line each", file: true, mediaTypes: ["text/csv"] },
  handle: async ({ query, principal }) => {
    const csv = historyCsv(await getHistory(query, principal));
    const response = fileHead(csvFile);
    return new Response(csv, { status: 200, headers: response.headers });
  },
  // The same checks as GET (another writer's book is 403, a reversed range 422), without the body.
  head: async ({ query, principal }) => {
    await getHistory(query, principal);
    return fileHead(csvFile);
  },
});

// GET /api/v1/books/{bookId}/progress — the book's count over time
export const bookProgressEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/progress",
  summary: "A book's word count at the end of each day it changed, with its target and deadline",
  operation: "stats.bookProgress",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the progress line", schema: bookProgressSchema },
  errors: ["book_in_trash", "gone"],
  run: getBookProgress,
});

// GET /api/v1/books/{bookId}/release-plan — the release plan and buffer
export const releasePlanEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/release-plan",
  summary: "A book's release cadence, chapters' release days, times and released marks, the buffer of chapters written ahead (in days and chapters) and the release streak",
  operation: "releases.plan",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the plan", schema: releasePlanSchema },
  errors: ["book_in_trash", "gone"],
  run: getReleasePlan,
});

// PUT /api/v1/books/{bookId}/release-plan — set the cadence; unreleased chapters get days in book order
export const setReleasePlanEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/v1/books/{bookId}/release-plan",
  summary:
    "Set a book's cadence (daily, weekdays, weekly), chapters a release day and their times, start day and minimum buffer; unreleased chapters get release days and times in book order",
  operation: "releases.setPlan",
  auth: "required",
  params: bookIdParams,
  body: { schema: setReleasePlanInput },
  writableAttributes: Object.keys(setReleasePlanInput.shape),
  // Chapters a day and times came later (issue 32): a PUT without them plans one a day without times, as before.
  requiredAttributes: ["cadence", "startDate", "minimumBufferDays"],
  success: { status: 201, description: "the plan as saved", schema: releasePlanSchema },
  errors: ["book_in_trash", "gone"],
  run: setReleasePlan,
});

// PATCH /api/v1/books/{bookId}/chapters/{chapterId}/release — one chapter's day or released mark
export const setChapterReleaseEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/books/{bookId}/chapters/{chapterId}/release",
  summary: "Set a chapter's release day or time, or mark it released (today, if it had no day) or not",
  operation: "releases.setChapter",
  auth: "required",
  params: chapterParams,
  body: { schema: setChapterReleaseInput },
  writableAttributes: ["releaseDate", "releaseTime", "released"],
  success: { status: 201, description: "the book's plan as it now stands", schema: releasePlanSchema },
  errors: ["book_in_trash", "chapter_in_trash", "gone"],
  run: setChapterRelease,
});
