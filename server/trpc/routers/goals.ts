import { z } from "zod";
import { bookIdParams } from "../../books/schemas";
import { chapterParams } from "../../chapters/schemas";
import { getBookGoal } from "../../goals/get-book-goal";
import { getBookProgress } from "../../goals/get-book-progress";
import { getHistory } from "../../goals/get-history";
import { getGoalSettings } from "../../goals/get-settings";
import { getToday } from "../../goals/get-today";
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
import { operationProcedure, router } from "../init";

// Strict inputs composed from REST's path parameters, queries and bodies (server/goals/schemas.ts,
// server/releases/schemas.ts): each field's rules live in one place.
const bookRef = bookIdParams.shape;
const noInput = z.strictObject({}).optional();

export const goalsRouter = router({
  settings: operationProcedure("goals.settings")
    .input(noInput)
    .output(goalSettingsSchema)
    .query(({ ctx }) => getGoalSettings(ctx.principal)),
  updateSettings: operationProcedure("goals.updateSettings")
    .input(updateGoalSettingsInput)
    .output(goalSettingsSchema)
    .mutation(({ input, ctx }) => updateGoalSettings(input, ctx.principal)),
  book: operationProcedure("goals.book")
    .input(z.strictObject(bookRef))
    .output(bookGoalSchema)
    .query(({ input, ctx }) => getBookGoal(input, ctx.principal)),
  setBook: operationProcedure("goals.setBook")
    .input(z.strictObject({ ...bookRef, ...setBookGoalInput.shape }))
    .output(bookGoalSchema)
    .mutation(({ input, ctx }) => setBookGoal(input, ctx.principal)),
});

export const statsRouter = router({
  today: operationProcedure("stats.today")
    .input(noInput)
    .output(todaySchema)
    .query(({ ctx }) => getToday(ctx.principal)),
  history: operationProcedure("stats.history")
    .input(z.strictObject(historyQuery.shape).optional())
    .output(historySchema)
    .query(({ input = {}, ctx }) => getHistory(input, ctx.principal)),
  bookProgress: operationProcedure("stats.bookProgress")
    .input(z.strictObject(bookRef))
    .output(bookProgressSchema)
    .query(({ input, ctx }) => getBookProgress(input, ctx.principal)),
});

export const releasesRouter = router({
  plan: operationProcedure("releases.plan")
    .input(z.strictObject(bookRef))
    .output(releasePlanSchema)
    .query(({ input, ctx }) => getReleasePlan(input, ctx.principal)),
  setPlan: operationProcedure("releases.setPlan")
    .input(z.strictObject({ ...bookRef, ...setReleasePlanInput.shape }))
    .output(releasePlanSchema)
    .mutation(({ input, ctx }) => setReleasePlan(input, ctx.principal)),
  setChapter: operationProcedure("releases.setChapter")
    .input(z.strictObject({ ...chapterParams.shape, ...setChapterReleaseInput.shape }))
    .output(releasePlanSchema)
    .mutation(({ input, ctx }) => setChapterRelease(input, ctx.principal)),
});
