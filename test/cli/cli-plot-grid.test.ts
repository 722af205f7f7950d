// Issue 35 items 3 and 4: `inkstone plot-grid` and `inkstone beats` as a child process — an imported
// book's grid printed and written by names, a structure template applied as its beat plan, a beat
// moved, and bad input refused in one line.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

let writer: { home: string; email: string };

beforeAll(async () => {
  writer = await loggedIn("plot-grid-writer");
});

const NOVEL = "# Part One\n\n## The Ferry\n\nLyra waits at the dock.\n\n## The North\n\nSnow, and bears.\n\n## The Bridge\n\nThe city in the sky.\n\n## The Return\n\nHome, changed.\n";

describe("inkstone plot-grid and beats", () => {
  it("prints the grid, writes a note by plotline name and chapter number, and refuses bad input in one line", async () => {
    const file = path.join(writer.home, "grid.md");
    writeFileSync(file, NOVEL);
    const bookId = json(await inkstone(writer.home, ["import", file, "--json"])).book.id as string;
    // Nothing to list is said on stderr when piped, as every list says it (printNote).
    const empty = await inkstone(writer.home, ["plot-grid", bookId]);
    expect(ok(empty)).toBe("");
    expect(empty.stderr).toBe(`This book has no plotlines yet: inkstone plotlines add ${bookId} NAME\n`);
    ok(await inkstone(writer.home, ["plotlines", "add", bookId, "Dust"]));
    ok(await inkstone(writer.home, ["outline", "set", bookId, "chapter", "2", "--plotlines", "Dust"]));

    expect(ok(await inkstone(writer.home, ["plot-grid", "set", bookId, "--plotline", "dust", "--chapter", "1", "--note", "Lyra hears of Dust."]))).toBe("Saved the note of Dust in chapter 1. The Ferry.\n");
    const table = ok(await inkstone(writer.home, ["plot-grid", bookId]));
    expect(table.split("\n").filter(Boolean)).toEqual(["Dust\t1. The Ferry\t\tLyra hears of Dust.", "Dust\t2. The North\tthe chapter\t"]);
    const grid = json(await inkstone(writer.home, ["plot-grid", bookId, "--json"]));
    expect(grid).toMatchObject({ editable: true, plotlines: [{ name: "Dust" }], parts: [{ title: "Part One" }], chapters: [{ number: 1 }, { number: 2 }, { number: 3 }, { number: 4 }] });
    expect(ok(await inkstone(writer.home, ["plot-grid", "set", bookId, "--plotline", "Dust", "--chapter", "The Ferry", "--note", ""]))).toBe("Cleared the note of Dust in chapter 1. The Ferry.\n");

    expect(fails(await inkstone(writer.home, ["plot-grid", "set", bookId, "--plotline", "Bears", "--chapter", "1", "--note", "x"]))).toBe(`inkstone: this book has no plotline Bears; inkstone plotlines ${bookId} lists them\n`.trimEnd());
    expect(fails(await inkstone(writer.home, ["plot-grid", "set", bookId, "--plotline", "Dust", "--chapter", "9", "--note", "x"]))).toBe(`inkstone: this book has no chapter 9 (it has 4); inkstone plot-grid ${bookId} shows them`);
    expect(fails(await inkstone(writer.home, ["plot-grid", "set", bookId, "--plotline", "Dust", "--chapter", "1", "--note", "x".repeat(2001)]))).toMatch(/^inkstone: invalid input: note: a cell note can be at most 2000 characters/);
  });

  it("applies a template as the beat plan, lists it, moves a beat, and refuses an unknown template in one line", async () => {
    const file = path.join(writer.home, "beats.md");
    writeFileSync(file, NOVEL);
    const bookId = json(await inkstone(writer.home, ["import", file, "--json"])).book.id as string;
    expect(fails(await inkstone(writer.home, ["beats", bookId]))).toMatch(/^inkstone: This book has no beat plan yet: apply a structure template to it first\./);

    const applied = ok(await inkstone(writer.home, ["beats", bookId, "--apply", "kishotenketsu"]));
    expect(applied.split("\n")[0]).toMatch(/^Kishōtenketsu \(起承转合\), placed by chapter order\. Found: run the analysis \(inkstone analysis run /);
    expect(applied).toMatch(/^3\t转 Ten — twist\t62\.5%\t3\. The Bridge\t\t$/m);

    expect(ok(await inkstone(writer.home, ["beats", "move", bookId, "3", "--chapter", "4"]))).toBe("Moved “转 Ten — twist” to 4. The Return.\n");
    const listed = json(await inkstone(writer.home, ["beats", bookId, "--json"]));
    expect(listed.beats.map((beat: { planned: { chapterNumber: number }; moved: boolean }) => [beat.planned.chapterNumber, beat.moved])).toEqual([
      [1, false],
      [2, false],
      [4, true],
      [4, false],
    ]);

    expect(fails(await inkstone(writer.home, ["beats", bookId, "--apply", "no-such-template"]))).toMatch(/^inkstone: No template has this id or slug\./);
    expect(fails(await inkstone(writer.home, ["beats", "move", bookId, "Climax", "--chapter", "1"]))).toBe(`inkstone: the beat plan has no beat Climax; inkstone beats ${bookId} lists them`);
    expect(ok(await inkstone(writer.home, ["beats", "delete", bookId]))).toBe("Deleted the beat plan.\n");
  });
});
