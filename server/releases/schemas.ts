import { z } from "zod";
import { calendarDay } from "../goals/schemas";
import { CADENCES } from "./schedule";

/**
 * The last day a release may be set to or a plan start on. The days a cadence computes from it
 * stay four-digit years for any book (a weekly plan from here reaches 9999 only after 365,000
 * chapters); from 9999-12-25 they read `+010000-01-…`.
 */
export const LAST_RELEASE_DAY = "2999-12-31";
const releaseDay = calendarDay.refine((day) => day <= LAST_RELEASE_DAY, `a release day is at most ${LAST_RELEASE_DAY}`);

export const releasePlanSchema = z
  .object({
    bookId: z.string(),
    cadence: z.enum(CADENCES).nullable(),
    startDate: z.string().nullable().describe("the first release day the cadence counts from"),
    minimumBufferDays: z.int().nullable().describe("the book's own minimum, else the writer's"),
    chapters: z.array(
      z.object({
        chapterId: z.string(),
        title: z.string(),
        position: z.int(),
        releaseDate: z.string().nullable(),
        releasedAt: z.iso.datetime().nullable(),
      }),
    ),
    bufferChapters: z.int().describe("chapters written (with words) and not yet released"),
    bufferDays: z.int().describe("days of releases the buffer covers from today"),
    belowMinimum: z.boolean(),
  })
  .meta({ id: "ReleasePlan" });
export type ReleasePlan = z.output<typeof releasePlanSchema>;

export const setReleasePlanInput = z
  .strictObject({
    cadence: z.enum(CADENCES).nullable().describe("null: dates set chapter by chapter"),
    startDate: releaseDay.nullable().describe(`the first release day, at most ${LAST_RELEASE_DAY}; null: today`),
    minimumBufferDays: z.int().min(1, "a buffer is at least one day").max(365, "a buffer can be at most 365 days").nullable(),
  })
  .meta({ id: "SetReleasePlan" });
export type SetReleasePlanInput = z.output<typeof setReleasePlanInput>;

export const setChapterReleaseInput = z
  .strictObject({
    releaseDate: releaseDay.nullable().describe(`at most ${LAST_RELEASE_DAY}`),
    released: z.boolean().describe("true marks it published (today, if it had no date)"),
  })
  .partial()
  .refine((input) => Object.keys(input).length > 0, "name releaseDate or released")
  .meta({ id: "SetChapterRelease" });
export type SetChapterReleaseInput = z.output<typeof setChapterReleaseInput>;
