import { z } from "zod";
import { fieldCheck } from "../errors";
import { calendarDay } from "../goals/schemas";
import { CADENCES, MOST_RELEASES_PER_DAY } from "./schedule";

/**
 * The last day a release may be set to or a plan start on. The days a cadence computes from it
 * stay four-digit years for any book (a weekly plan from here reaches 9999 only after 365,000
 * chapters); from 9999-12-25 they read `+010000-01-…`.
 */
export const LAST_RELEASE_DAY = "2999-12-31";
const releaseDay = calendarDay.refine((day) => day <= LAST_RELEASE_DAY, fieldCheck("releaseDayTooLate", `a release day is at most ${LAST_RELEASE_DAY}`, { day: LAST_RELEASE_DAY }));

/** A time of day on the 24-hour clock, "08:00", in the writer's zone. */
export const releaseTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a time is HH:MM on the 24-hour clock, 00:00 to 23:59")
  .describe("HH:MM, 24-hour, in the writer's time zone");

/** A release slot: a day and, when the plan names times, the time. */
const slotSchema = z.object({ date: z.string(), time: z.string().nullable() });

export const releasePlanSchema = z
  .object({
    bookId: z.string(),
    cadence: z.enum(CADENCES).nullable(),
    startDate: z.string().nullable().describe("the first release day the cadence counts from"),
    releasesPerDay: z.int().describe("chapters the cadence releases each release day"),
    releaseTimes: z.array(z.string()).describe("the release day's times (HH:MM, the writer's zone), one per chapter of the day; empty: no times"),
    minimumBufferDays: z.int().nullable().describe("the book's own minimum, else the writer's"),
    chapters: z.array(
      z.object({
        chapterId: z.string(),
        title: z.string(),
        position: z.int(),
        releaseDate: z.string().nullable(),
        releaseTime: z.string().nullable().describe("HH:MM in the writer's zone; null: no time"),
        releasedAt: z.iso.datetime().nullable(),
      }),
    ),
    bufferChapters: z.int().describe("chapters written (with words) and not yet released"),
    bufferDays: z.int().describe("days of releases the buffer covers, from the first release day still ahead (today, or the start when later)"),
    bufferRunsOut: slotSchema.nullable().describe("the first release the buffer cannot fill; null without a cadence or a buffer"),
    minimumBufferChapters: z.int().nullable().describe("the chapters the minimum buffer asks for at this cadence; null without a cadence or a minimum"),
    belowMinimum: z.boolean(),
    releaseStreak: z
      .object({
        current: z.int().describe("release days in a row with a chapter out, through the last one before today or today"),
        longest: z.int(),
      })
      .describe("the run of release days with a release (a release day of the cadence without one breaks it)"),
  })
  .meta({ id: "ReleasePlan" });
export type ReleasePlan = z.output<typeof releasePlanSchema>;

export const setReleasePlanInput = z
  .strictObject({
    cadence: z.enum(CADENCES).nullable().describe("null: dates set chapter by chapter"),
    startDate: releaseDay.nullable().describe(`the first release day, at most ${LAST_RELEASE_DAY}; null: today`),
    minimumBufferDays: z.int().min(1, "a buffer is at least one day").max(365, "a buffer can be at most 365 days").nullable(),
    releasesPerDay: z
      .int()
      .min(1, "a release day has at least one chapter")
      .max(MOST_RELEASES_PER_DAY, `a release day has at most ${MOST_RELEASES_PER_DAY} chapters`)
      .optional()
      .describe("chapters each release day; absent: one for each release time, else 1"),
    releaseTimes: z
      .array(releaseTime)
      .max(MOST_RELEASES_PER_DAY, `at most ${MOST_RELEASES_PER_DAY} release times`)
      .optional()
      .describe("one time per chapter of a release day, earliest first; absent or empty: no times"),
  })
  .superRefine((plan, context) => {
    const times = plan.releaseTimes ?? [];
    if (times.some((time, i) => i > 0 && time <= times[i - 1]!)) {
      context.addIssue({ code: "custom", path: ["releaseTimes"], ...fieldCheck("releaseTimesOrder", "release times go earliest first, each once") });
    } else if (times.length > 0 && plan.releasesPerDay !== undefined && times.length !== plan.releasesPerDay) {
      context.addIssue({ code: "custom", path: ["releaseTimes"], ...fieldCheck("releaseTimesCount", `name one time per chapter of the day: ${plan.releasesPerDay}, or none`, { count: plan.releasesPerDay }) });
    }
  })
  .meta({ id: "SetReleasePlan" });
export type SetReleasePlanInput = z.output<typeof setReleasePlanInput>;

export const setChapterReleaseInput = z
  .strictObject({
    releaseDate: releaseDay.nullable().describe(`at most ${LAST_RELEASE_DAY}`),
    releaseTime: releaseTime.nullable().describe("its time of day; null: none"),
    released: z.boolean().describe("true marks it published (today, if it had no date)"),
  })
  .partial()
  .refine((input) => Object.keys(input).length > 0, fieldCheck("nothingToChange", "name releaseDate, releaseTime or released"))
  .meta({ id: "SetChapterRelease" });
export type SetChapterReleaseInput = z.output<typeof setChapterReleaseInput>;
