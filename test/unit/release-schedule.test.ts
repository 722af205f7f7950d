// @module-tag shared
import { describe, expect, it } from "vitest";
import { bufferDays, bufferOf, minimumBufferChapters, releaseSlots, releaseStreak } from "@/server/releases/schedule";

// The buffer's arithmetic (issue 32 item 7, decision 0502): pure functions of the plan, the
// chapters written ahead and today, so no clock is needed.
const today = "2026-12-07"; // a Monday
const written = (n: number) => Array.from({ length: n }, () => ({ releaseDate: null }));

describe("the buffer in true days", () => {
  it("counts 4 chapters released daily from tomorrow as 4 days, not 5", () => {
    expect(bufferDays({ cadence: "daily", start: "2026-12-08" }, written(4), today)).toBe(4);
  });

  it("counts from the plan's first release day when it is later than today", () => {
    // Weekly from Wednesday the 9th: the 9th, 16th and 23rd; the 30th finds nothing: 21 days.
    expect(bufferDays({ cadence: "weekly", start: "2026-12-09" }, written(3), today)).toBe(21);
  });

  it("counts from today when the plan started before it", () => {
    expect(bufferDays({ cadence: "daily", start: "2026-12-01" }, written(4), today)).toBe(4);
    // Weekdays from Friday the 4th, counted from Monday the 7th: Mon, Tue, Wed; Thursday finds none.
    expect(bufferDays({ cadence: "weekdays", start: "2026-12-04" }, written(3), today)).toBe(3);
  });

  it("counts chapters dated by hand through the last one, from the first, two on a day as one day", () => {
    const dated = ["2026-12-08", "2026-12-08", "2026-12-09", "2026-12-09"].map((releaseDate) => ({ releaseDate }));
    expect(bufferDays({ cadence: null, start: null }, dated, today)).toBe(2);
    expect(bufferDays({ cadence: null, start: null }, [{ releaseDate: "2026-12-01" }], today)).toBe(0);
  });

  it("has no days without chapters", () => {
    expect(bufferDays({ cadence: "daily", start: null }, [], today)).toBe(0);
  });
});

describe("N chapters a release day, at release times", () => {
  const twiceDaily = { cadence: "daily" as const, start: "2026-12-08", perDay: 2, times: ["08:00", "20:00"] };

  it("gives each release day its chapters at the day's times, in order", () => {
    expect(releaseSlots(twiceDaily, "2026-12-08", "2026-12-08", 3)).toEqual([
      { date: "2026-12-08", time: "08:00" },
      { date: "2026-12-08", time: "20:00" },
      { date: "2026-12-09", time: "08:00" },
    ]);
    expect(releaseSlots({ cadence: "weekly", start: "2026-12-09", perDay: 2 }, "2026-12-09", "2026-12-09", 3)).toEqual([
      { date: "2026-12-09", time: null },
      { date: "2026-12-09", time: null },
      { date: "2026-12-16", time: null },
    ]);
  });

  it("counts two a day as two chapters to a day: 4 chapters cover 2 days, 5 still 2, and says which release runs dry", () => {
    expect(bufferDays(twiceDaily, written(4), today)).toBe(2);
    expect(bufferOf(twiceDaily, written(5), today)).toEqual({ days: 2, runsOut: { date: "2026-12-10", time: "20:00" } });
    expect(bufferOf(twiceDaily, written(6), today)).toEqual({ days: 3, runsOut: { date: "2026-12-11", time: "08:00" } });
  });

  it("says the minimum buffer in chapters as well as days", () => {
    expect(minimumBufferChapters(twiceDaily, 7, today)).toBe(14);
    expect(minimumBufferChapters({ cadence: "weekly", start: "2026-12-09" }, 10, today)).toBe(2);
    expect(minimumBufferChapters({ cadence: "weekdays", start: null }, 7, today)).toBe(5);
    expect(minimumBufferChapters({ cadence: null, start: null }, 7, today)).toBeNull();
  });

  it("is under the minimum in days exactly when it is under it in chapters", () => {
    for (const schedule of [twiceDaily, { cadence: "weekly" as const, start: "2026-12-09" }, { cadence: "weekdays" as const, start: "2026-12-04", perDay: 3 }]) {
      for (let minimum = 1; minimum <= 15; minimum++) {
        for (let chapters = 0; chapters <= 12; chapters++) {
          const inDays = bufferDays(schedule, written(chapters), today) < minimum;
          const inChapters = chapters < minimumBufferChapters(schedule, minimum, today)!;
          expect(inDays, `${schedule.cadence} ×${schedule.perDay ?? 1}, minimum ${minimum}, ${chapters} chapters`).toBe(inChapters);
        }
      }
    }
  });
});

describe("the release streak", () => {
  it("counts release days in a row, through today or the day before (today is not over)", () => {
    const daily = { cadence: "daily" as const, start: "2026-12-01" };
    expect(releaseStreak(daily, ["2026-12-04", "2026-12-05", "2026-12-06"], today)).toEqual({ current: 3, longest: 3 });
    expect(releaseStreak(daily, ["2026-12-05", "2026-12-06", "2026-12-07", "2026-12-07"], today)).toEqual({ current: 3, longest: 3 });
    // Nothing yesterday: the run of three ended.
    expect(releaseStreak(daily, ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-05"], today)).toEqual({ current: 0, longest: 3 });
    expect(releaseStreak(daily, [], today)).toEqual({ current: 0, longest: 0 });
  });

  it("lets the days a cadence does not release on pass", () => {
    // Weekdays: Thursday the 3rd, Friday the 4th, Monday the 7th; the weekend breaks nothing.
    expect(releaseStreak({ cadence: "weekdays", start: null }, ["2026-12-03", "2026-12-04", "2026-12-07"], today)).toEqual({ current: 3, longest: 3 });
    // Weekly on Mondays: three Mondays in a row.
    expect(releaseStreak({ cadence: "weekly", start: "2026-11-23" }, ["2026-11-23", "2026-11-30", "2026-12-07"], today)).toEqual({ current: 3, longest: 3 });
    expect(releaseStreak({ cadence: "weekly", start: "2026-11-23" }, ["2026-11-16", "2026-11-30"], today)).toEqual({ current: 1, longest: 1 });
  });

  it("ignores days planned after today", () => {
    expect(releaseStreak({ cadence: "daily", start: null }, ["2026-12-06", "2026-12-08"], today)).toEqual({ current: 1, longest: 1 });
  });
});
