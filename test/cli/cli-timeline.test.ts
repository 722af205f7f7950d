// Issue 35 item 3: `inkstone timeline` as a child process — an imported book whose chapters are
// dated out of reading order, printed as a table in story order and as JSON; a bad book is one line.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

let writer: { home: string; email: string };

beforeAll(async () => {
  writer = await loggedIn("timeline-writer");
});

const NOVEL = "## Prologue\n\nYears later, she remembers.\n\n## The Ferry\n\nLyra waits at the dock.\n\n## The North\n\nSnow, and bears.\n\n## Elsewhere\n\nA dream.\n\n## Coda\n\nNo date yet.\n";

describe("inkstone timeline", () => {
  it("prints story order beside reading order, marks the prologue set later, lists days after dates and the unplaced last", async () => {
    const file = path.join(writer.home, "timeline.md");
    writeFileSync(file, NOVEL);
    const bookId = json(await inkstone(writer.home, ["import", file, "--json"])).book.id as string;
    ok(await inkstone(writer.home, ["outline", "set", bookId, "chapter", "1", "--date", "2030-01-01"]));
    ok(await inkstone(writer.home, ["outline", "set", bookId, "chapter", "2", "--date", "2024-05-01", "--time", "9:00"]));
    ok(await inkstone(writer.home, ["outline", "set", bookId, "chapter", "3", "--date", "2024-05-02"]));
    ok(await inkstone(writer.home, ["outline", "set", bookId, "chapter", "4", "--date", "day 3"]));

    const table = ok(await inkstone(writer.home, ["timeline", bookId]));
    // Piped, the table is tab-separated rows without a heading (as gh prints): story, reading, when, told, kind, title, chapter, pov, id.
    expect(table.trim().split("\n").map((line) => line.split("\t").slice(0, 6).join("|"))).toEqual([
      "1|2|2024-05-01 09:00||chapter|The Ferry",
      "2|3|2024-05-02||chapter|The North",
      "3|1|2030-01-01|flash-forward|chapter|Prologue",
      "4|4|day 3||chapter|Elsewhere",
      "—|5|not placed in time||chapter|Coda",
    ]);

    const rows = json(await inkstone(writer.home, ["timeline", bookId, "--json"])) as { title: string; storyOrder: number | null; readingOrder: number; lane: string | null; departs: string | null }[];
    expect(rows.map((row) => [row.title, row.storyOrder, row.readingOrder, row.lane, row.departs])).toEqual([
      ["The Ferry", 1, 2, "date", null],
      ["The North", 2, 3, "date", null],
      ["Prologue", 3, 1, "date", "flashForward"],
      ["Elsewhere", 4, 4, "day", null],
      ["Coda", null, 5, null, null],
    ]);

    expect(fails(await inkstone(writer.home, ["timeline", "no-such-book"]))).toMatch(/^inkstone: .*\n?$/);
  });
});
