import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

let home: string;
const run = (args: string[], input?: string) => inkstone(home, args, { input });

beforeAll(async () => {
  ({ home } = await loggedIn("goals"));
});

describe("inkstone goals and stats (issue 22 item 5)", () => {
  it("sets goals, shows them, and counts a day's words across saves in stats", async () => {
    const set = json(await run(["goals", "set", "--daily", "500", "--session", "200", "--zone", "Asia/Shanghai", "--days-off", "sat,sun", "--json"]));
    expect(set.settings).toEqual({ timeZone: "Asia/Shanghai", dailyGoal: 500, sessionGoal: 200, daysOff: [0, 6], minimumBufferDays: null });
    const shown = ok(await run(["goals"]));
    expect(shown).toContain("Asia/Shanghai");
    expect(shown).toContain("sun, sat");

    const book = json(await run(["books", "create", "--title", "Ledger", "--json"]));
    json(await run(["chapters", "upload", book.id, "--json"], "雨が止んだ。\n"));
    const goal = json(await run(["goals", "set", "--book", book.id, "--target", "1000", "--deadline", "2999-12-31", "--json"]));
    expect(goal.book).toMatchObject({ bookId: book.id, targetWordCount: 1000, deadline: "2999-12-31", wordCount: 5, remaining: 995 });
    expect(json(await run(["goals", "show", "--book", book.id, "--json"])).book).toMatchObject({ targetWordCount: 1000 });

    const stats = json(await run(["stats", "--json"]));
    expect(stats.today).toMatchObject({ timeZone: "Asia/Shanghai", written: 0, imported: 5, net: 0, dailyGoal: 500, met: false });
    expect(stats.history.days).toEqual([{ date: stats.today.date, written: 0, removed: 0, imported: 5, restored: 0, net: 0 }]);
    const table = ok(await run(["stats", "--book", book.id]));
    expect(table).toContain("0/500");
    expect(table).toContain(stats.today.date);
  });

  it("refuses a zone that is not IANA, a goal under one word and a past deadline, in one line", async () => {
    expect(fails(await run(["goals", "set", "--zone", "Mars/Olympus"]))).toBe(
      'inkstone: invalid input: timeZone: "Mars/Olympus" is not an IANA time zone (such as Europe/Paris or Asia/Shanghai)',
    );
    expect(fails(await run(["goals", "set", "--daily", "0"]))).toBe("inkstone: invalid input: dailyGoal: a goal is at least one word");
    const book = json(await run(["books", "create", "--title", "Late", "--json"]));
    expect(fails(await run(["goals", "set", "--book", book.id, "--deadline", "2001-01-01"]))).toBe(
      "inkstone: invalid input: deadline: 2001-01-01 is in the past; a deadline is today or later",
    );
    expect(fails(await run(["goals", "set", "--deadline", "2999-01-01"]))).toContain("add --book");
    expect(fails(await run(["goals", "set", "--days-off", "caturday"]))).toContain("not a weekday");
  });
});
