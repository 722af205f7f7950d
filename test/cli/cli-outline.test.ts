// Issue 35 items 2 and 3: `inkstone outline`, `plotlines` and `labels` as a child process — an
// imported book with a part, its plan set by names, printed, filtered and as JSON; bad input is one line.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

let writer: { home: string; email: string };

beforeAll(async () => {
  writer = await loggedIn("outline-writer");
});

const NOVEL = "# Part One\n\n## The Ferry\n\nLyra waits at the dock.\n\n## The North\n\nSnow, and bears.\n";

describe("inkstone outline", () => {
  it("sets plans by name, prints the outline, filters it, and refuses bad input in one line", async () => {
    const file = path.join(writer.home, "northern-lights.md");
    writeFileSync(file, NOVEL);
    const bookId = json(await inkstone(writer.home, ["import", file, "--json"])).book.id as string;
    json(await inkstone(writer.home, ["api", "-X", "POST", `/api/v1/books/${bookId}/bible/entries`, "-f", "name=Lyra", "-f", "kind=character"]));

    expect(ok(await inkstone(writer.home, ["plotlines", "add", bookId, "Dust"]))).toMatch(/^Added the plotline “Dust” \(/);
    expect(ok(await inkstone(writer.home, ["plotlines", "add", bookId, "Bears", "--colour", "#884400"]))).toMatch(/^Added the plotline “Bears”/);
    expect(ok(await inkstone(writer.home, ["plotlines", "move", bookId, "bears", "1"]))).toBe("The plotline “Bears” is saved (#884400, number 1).\n");
    expect(ok(await inkstone(writer.home, ["labels", "add", bookId, "research"]))).toMatch(/^Added the label “research”/);

    const set = ok(
      await inkstone(writer.home, ["outline", "set", bookId, "chapter", "2", "--synopsis", "Iorek fights.", "--status", "draft", "--pov", "lyra", "--plotlines", "Bears,Dust", "--labels", "research", "--target", "3000", "--date", "day 12", "--time", "6:00"]),
    );
    expect(set).toBe("Planned the chapter “The North”.\n");
    expect(ok(await inkstone(writer.home, ["outline", "set", bookId, "part", "Part One", "--synopsis", "The north calls."]))).toBe("Planned the part “Part One”.\n");

    const table = ok(await inkstone(writer.home, ["outline", bookId]));
    expect(table).toMatch(/part\s+Part One\s+—\s+—/);
    expect(table).toMatch(/chapter\s+The North\s+draft\s+Lyra\s+\d+\/3000\s+research\s+Bears, Dust\s+day 12 06:00\s+Iorek fights\./);

    const filtered = json(await inkstone(writer.home, ["outline", bookId, "--status", "draft", "--json"])) as { kind: string; title: string; matches: boolean }[];
    expect(filtered.map((item) => [item.kind, item.title, item.matches])).toEqual([
      ["part", "Part One", false],
      ["chapter", "The North", true],
    ]);
    const byPov = json(await inkstone(writer.home, ["outline", "show", bookId, "--pov", "Lyra", "--json"])) as { title: string }[];
    expect(byPov.map((item) => item.title)).toEqual(["Part One", "The North"]);

    expect(fails(await inkstone(writer.home, ["outline", "set", bookId, "chapter", "2", "--date", "2023-02-29"]))).toMatch(/^inkstone: invalid input: storyDate: a story date is a calendar date/);
    expect(fails(await inkstone(writer.home, ["outline", "set", bookId, "chapter", "9", "--status", "done"]))).toBe(`inkstone: this book has no chapter 9; inkstone outline ${bookId} shows them`);
    expect(fails(await inkstone(writer.home, ["outline", "set", bookId, "chapter", "1", "--pov", "Iorek"]))).toBe(`inkstone: this book has no character Iorek; inkstone outline ${bookId} --json lists its characters`);
    expect(fails(await inkstone(writer.home, ["plotlines", "add", bookId, "dust"]))).toMatch(/^inkstone: .*already has a plotline called "Dust"/);

    expect(ok(await inkstone(writer.home, ["labels", "delete", bookId, "research"]))).toBe("Deleted the label “research”.\n");
    expect(json(await inkstone(writer.home, ["labels", "list", bookId, "--json"]))).toEqual([]);
  });
});
