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
import { authedProcedure, router } from "../init";

// Strict inputs composed from REST's path parameters, queries and bodies (server/goals/schemas.ts,
// server/releases/schemas.ts): each field's rules live in one place.
const bookRef = bookIdParams.shape;
const noInput = z.strictObject({}).optional();

export const goalsRouter = router({
  settings: authedProcedure
    .input(noInput)
    .output(goalSettingsSchema)
    .query(({ ctx }) => getGoalSettings(ctx.principal)),
  updateSettings: authedProcedure
    .input(updateGoalSettingsInput)
    .output(goalSettingsSchema)
    .mutation(({ input, ctx }) => updateGoalSettings(input, ctx.principal)),
  book: authedProcedure
    .input(z.strictObject(bookRef))
    .output(bookGoalSchema)
    .query(({ input, ctx }) => getBookGoal(input, ctx.principal)),
  setBook: authedProcedure
    .input(z.strictObject({ ...bookRef, ...setBookGoalInput.shape }))
    .output(bookGoalSchema)
    .mutation(({ input, ctx }) => setBookGoal(input, ctx.principal)),
});

export const statsRouter = router({
  today: authedProcedure
    .input(noInput)
    .output(todaySchema)
    .query(({ ctx }) => getToday(ctx.principal)),
  history: authedProcedure
    .input(z.strictObject(historyQuery.shape).optional())
    .output(historySchema)
    .query(({ input = {}, ctx }) => getHistory(input, ctx.principal)),
  bookProgress: authedProcedure
    .input(z.strictObject(bookRef))
    .output(bookProgressSchema)
    .query(({ input, ctx }) => getBookProgress(input, ctx.principal)),
});

export const releasesRouter = router({
  plan: authedProcedure
    .input(z.strictObject(bookRef))
    .output(releasePlanSchema)
    .query(({ input, ctx }) => getReleasePlan(input, ctx.principal)),
  setPlan: authedProcedure
    .input(z.strictObject({ ...bookRef, ...setReleasePlanInput.shape }))
    .output(releasePlanSchema)
    .mutation(({ input, ctx }) => setReleasePlan(input, ctx.principal)),
  setChapter: authedProcedure
    .input(z.strictObject({ ...chapterParams.shape, ...setChapterReleaseInput.shape }))
    .output(releasePlanSchema)
    .mutation(({ input, ctx }) => setChapterRelease(input, ctx.principal)),
});
