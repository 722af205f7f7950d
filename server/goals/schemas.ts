import { z } from "zod";
import { bookIdParams } from "../books/schemas";
import { AppError, fieldCheck, refusedField, type FieldKey } from "../errors";
import { isCalendarDay } from "./calendar";

/** A calendar day, YYYY-MM-DD, in the writer's time zone. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a day is written YYYY-MM-DD")
  .refine(isCalendarDay, fieldCheck("calendarDay", "not a day of the calendar"))
  .describe("a calendar day, YYYY-MM-DD, in the writer's time zone");

const wordGoal = z.int("a goal is a whole number of words").min(1, "a goal is at least one word").max(1_000_000, "a goal can be at most 1,000,000 words");

export const goalSettingsSchema = z
  .object({
    timeZone: z.string().describe("the IANA time zone the writer's days are counted in, e.g. Asia/Shanghai"),
    dailyGoal: z.int().nullable().describe("words a day; null: no daily goal"),
    sessionGoal: z.int().nullable().describe("words in one sitting of the editor; null: none"),
    daysOff: z.array(z.int().min(0).max(6)).describe("weekdays off (0 = Sunday … 6 = Saturday): no quota, no broken streak"),
    minimumBufferDays: z.int().nullable().describe("the release buffer, in days, under which plans warn"),
  })
  .meta({ id: "GoalSettings" });
export type GoalSettings = z.output<typeof goalSettingsSchema>;

export const updateGoalSettingsInput = z
  .strictObject({
    timeZone: z.string().max(64).describe("an IANA time zone (an offset such as +08:00 is not one)"),
    dailyGoal: wordGoal.nullable(),
    sessionGoal: wordGoal.nullable(),
    daysOff: z
      .array(z.int().min(0, "a weekday is 0 (Sunday) to 6 (Saturday)").max(6, "a weekday is 0 (Sunday) to 6 (Saturday)"))
      .max(6, "keep at least one writing day a week"),
    minimumBufferDays: z.int().min(1, "a buffer is at least one day").max(365, "a buffer can be at most 365 days").nullable(),
  })
  .partial()
  .meta({ id: "UpdateGoalSettings" });
export type UpdateGoalSettingsInput = z.output<typeof updateGoalSettingsInput>;

export const bookGoalSchema = z
  .object({
    bookId: z.string(),
    targetWordCount: z.int().nullable(),
    deadline: z.string().nullable().describe("YYYY-MM-DD"),
    wordCount: z.int(),
    remaining: z.int().nullable().describe("words left to the target; null without a target"),
    daysLeft: z.int().nullable().describe("writing days to the deadline, today included, days off excluded"),
    wordsPerDay: z.int().nullable().describe("the day's quota: what was left this morning over the writing days left"),
    writtenToday: z.int().describe("net words written in this book today: typed less deleted"),
  })
  .meta({ id: "BookGoal" });
export type BookGoal = z.output<typeof bookGoalSchema>;

export const setBookGoalInput = z
  .strictObject({
    targetWordCount: z
      .int("a target is a whole number of words")
      .min(1, "a goal is at least one word")
      .max(10_000_000, "a target can be at most 10,000,000 words")
      .nullable(),
    deadline: calendarDay.nullable(),
  })
  .partial()
  .meta({ id: "SetBookGoal" });

export const dayTotalsSchema = z.object({
  written: z.int().describe("words typed"),
  removed: z.int().describe("words deleted"),
  imported: z.int().describe("words brought in by an import, an upload or a paste of more than 250 words"),
  restored: z.int().describe("words brought back by restoring a revision"),
  net: z.int().describe("words typed less words deleted: what every goal, streak and the editor count (server/goals/rule.ts)"),
});
export type DayTotals = z.output<typeof dayTotalsSchema>;

export const todaySchema = z
  .object({
    date: z.string(),
    timeZone: z.string(),
    ...dayTotalsSchema.shape,
    dailyGoal: z.int().nullable(),
    met: z.boolean().describe("the daily goal is met: today's net words (typed less deleted) reach it"),
    streak: z.int().describe("days in a row that met the daily goal (days off skipped), today counted once met"),
  })
  .meta({ id: "Today" });
export type Today = z.output<typeof todaySchema>;

export const historyQuery = z.object({
  from: calendarDay.optional().describe("first day; default: 364 days before `to`"),
  to: calendarDay.optional().describe("last day; default: today"),
  bookId: bookIdParams.shape.bookId.optional().describe("one book's days only"),
});
export type HistoryQuery = z.output<typeof historyQuery>;

export const historySchema = z
  .object({
    days: z.array(z.object({ date: z.string(), ...dayTotalsSchema.shape })).describe("days with activity, oldest first"),
    totals: dayTotalsSchema,
    bestDay: z.object({ date: z.string(), net: z.int() }).nullable().describe("the day of the most net words"),
    averagePerWritingDay: z.int().describe("net words a day, over the days whose net words were more than none"),
    streak: z.int(),
    longestStreak: z.int().describe("the longest streak within the range"),
  })
  .meta({ id: "WritingHistory" });
export type History = z.output<typeof historySchema>;

export const bookProgressSchema = z
  .object({
    points: z.array(z.object({ date: z.string(), wordCount: z.int() })).describe("the book's word count at the end of each day it changed, and today"),
    targetWordCount: z.int().nullable(),
    deadline: z.string().nullable(),
    startDate: z.string().nullable().describe("the first day of the line"),
  })
  .meta({ id: "BookProgress" });
export type BookProgress = z.output<typeof bookProgressSchema>;

/** A 422 naming one field, as a schema's failure would; with `key`, what is wrong as data (FieldProblem). */
export function invalidField(path: string, message: string, key?: FieldKey): AppError {
  return new AppError("validation_failed", "Some fields are not valid.", [key ? refusedField(path, key, message) : { path, message }]);
}
