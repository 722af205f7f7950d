// @module-tag shared
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { datesOf } from "@/i18n/dates";
import { MESSAGES } from "@/i18n/catalog";
import type { Locale } from "@/i18n/locales";
import { formatterFor } from "@/i18n/translator";

// Intl puts a narrow no-break space before AM/PM; the tests read plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");
const datesIn = (locale: Locale, timeZone = "UTC") => {
  const dates = datesOf(formatterFor(locale, timeZone), locale);
  return Object.fromEntries(Object.entries(dates).map(([name, fn]) => [name, (...args: never[]) => plain((fn as (...a: never[]) => string)(...args))])) as typeof dates;
};

describe("every date a page shows, one way (decision 0516)", () => {
  const en = datesIn("en");
  const zh = datesIn("zh-CN");
  const moment = "2026-03-03T14:05:00.000Z";

  it("writes a moment's date and time in each language's own order", () => {
    expect([en.date(moment), en.dateTime(moment)]).toEqual(["Mar 3, 2026", "Mar 3, 2026, 2:05 PM"]);
    expect([zh.date(moment), zh.dateTime(moment)]).toEqual(["2026年3月3日", "2026年3月3日 14:05"]);
    expect(en.date(new Date(moment))).toBe("Mar 3, 2026");
  });

  it("shows a moment in the writer's time zone", () => {
    expect(datesIn("en", "Asia/Shanghai").dateTime(moment)).toBe("Mar 3, 2026, 10:05 PM");
    expect(datesIn("zh-CN", "Asia/Shanghai").dateTime("2026-03-03T18:00:00Z")).toBe("2026年3月4日 02:00");
    expect(datesIn("en", "America/Los_Angeles").date("2026-03-03T05:00:00Z")).toBe("Mar 2, 2026");
  });

  it("writes a calendar day as kept, whatever the time zone", () => {
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      expect(datesIn("en", zone).day("2026-03-03")).toBe("Tue, Mar 3, 2026");
      expect(datesIn("zh-CN", zone).day("2026-03-03")).toBe("2026年3月3日周二");
    }
    expect(en.day("2026-03-03", "20:00")).toBe("Tue, Mar 3, 2026, 8:00 PM");
    expect(zh.day("2026-03-03", "20:00")).toBe("2026年3月3日周二 20:00");
    expect([en.month("2026-03-31"), zh.month("2026-03-31")]).toEqual(["March 2026", "2026年3月"]);
    expect([en.time("08:30"), zh.time("08:30")]).toEqual(["8:30 AM", "08:30"]);
  });

  it("names weekdays from 0 = Sunday, long and short", () => {
    expect([0, 1, 6].map((day) => en.weekday(day))).toEqual(["Sunday", "Monday", "Saturday"]);
    expect([0, 1, 6].map((day) => zh.weekday(day, "short"))).toEqual(["周日", "周一", "周六"]);
  });

  it("writes a story's calendar date without a weekday, in any year", () => {
    expect([en.calendarDate("1805-06-01"), zh.calendarDate("1805-06-01", "06:30")]).toEqual(["Jun 1, 1805", "1805年6月1日 06:30"]);
    expect([en.calendarDate("44-03-15"), en.calendarDate("12026-01-01")]).toEqual(["Mar 15, 44", "Jan 1, 12026"]);
    expect([en.calendarDate("-500-03-03"), zh.calendarDate("-500-03-03")]).toEqual(["Mar 3, 501 BC", "公元前501年3月3日"]);
    expect(en.calendarDate("not-a-date")).toBe("not-a-date");
  });

  it("says how long ago: just now under a minute, the date once it is a week old", () => {
    const now = Date.parse(moment);
    expect([en.relative(new Date(now - 30_000), now), zh.relative(new Date(now - 30_000), now)]).toEqual([MESSAGES.en.shell.units.justNow, MESSAGES["zh-CN"].shell.units.justNow]);
    expect([en.relative(new Date(now - 3 * 60_000), now), zh.relative(new Date(now - 3 * 60_000), now)]).toEqual(["3 minutes ago", "3分钟前"]);
    expect(en.relative(new Date(now - 2 * 86_400_000), now)).toBe("2 days ago");
    expect([en.relative("2026-02-20T09:00:00Z", now), zh.relative("2026-02-20T09:00:00Z", now)]).toEqual(["Feb 20, 2026", "2026年2月20日"]);
  });
});

/** Every source file under a folder. */
function sources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx)$/.test(file))
    .map((file) => path.join(folder, file));
}

describe("no page formats a date its own way (decision 0516)", () => {
  // i18n/dates.ts is the one place; app/_components/days.ts computes calendar days (YYYY-MM-DD keys), never shown.
  const own = new Set([path.join("i18n", "dates.ts"), path.join("app", "_components", "days.ts")]);
  const ways = [
    { way: "a formatter's dateTime or relativeTime", pattern: /(?<!\bdates)\.(dateTime|relativeTime|dateTimeRange)\(/ },
    { way: "Intl's date formats", pattern: /Intl\.(DateTimeFormat|RelativeTimeFormat)\((?!\)\.resolvedOptions)/ },
    { way: "toLocale…String", pattern: /\.toLocale(Date|Time)?String\(/ },
    { way: "dateStyle or timeStyle options", pattern: /\b(dateStyle|timeStyle)\b/ },
    { way: "an ISO time cut for show", pattern: /\.replace\("T", " "\)/ },
  ];

  it("app/ and i18n/ format dates through i18n/dates.ts alone", () => {
    const found: string[] = [];
    for (const file of [...sources("app"), ...sources("i18n")]) {
      if (own.has(file)) continue;
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          for (const { way, pattern } of ways) if (pattern.test(line)) found.push(`${file}:${index + 1} ${way}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it("no catalog message formats a date or time itself (a page passes the words dates.ts wrote)", () => {
    const found: string[] = [];
    const folder = path.join("i18n", "messages");
    for (const file of readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".json"))) {
      for (const match of readFileSync(path.join(folder, file), "utf8").matchAll(/\{\s*\w+\s*,\s*(date|time)\b[^}]*\}/g)) found.push(`${file}: ${match[0]}`);
    }
    expect(found).toEqual([]);
  });
});
