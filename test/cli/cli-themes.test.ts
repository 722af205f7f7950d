import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

// Issue 37 items 5 and 7 from the terminal (decision 0494): a book's theme, and an export in another.

let home: string;
let bookId: string;
const run = (args: string[], input?: string) => inkstone(home, args, { input });
const stylesheet = (file: string) => new TextDecoder().decode(unzipSync(readFileSync(file))["OEBPS/style.css"]);

beforeAll(async () => {
  ({ home } = await loggedIn("themes"));
  bookId = json(await run(["books", "create", "--title", "The Long Tide", "--theme", "modern", "--json"])).id as string;
  ok(await run(["chapters", "upload", bookId, "--title", "Harbour"], "It began at the harbour.\n\n***\n\nThe ferry was late.\n"));
});

describe("inkstone books --theme, inkstone export --theme", () => {
  it("keeps the book's theme, sets an export in another, and refuses one it does not know", async () => {
    expect(json(await run(["books", "show", bookId, "--json"]))).toMatchObject({ theme: "modern" });
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-themes-"));
    const own = path.join(folder, "own.epub");
    ok(await run(["export", bookId, "--format", "epub", "-o", own]));
    expect(stylesheet(own)).toContain('hr::after{content:"⁂"}');
    const chinese = path.join(folder, "chinese.epub");
    ok(await run(["export", bookId, "--format", "epub", "--theme", "chinese", "-o", chinese]));
    expect(stylesheet(chinese)).toContain("p{text-indent:2em}");
    expect(fails(await run(["export", bookId, "--format", "epub", "--theme", "baroque", "-o", chinese]))).toMatch(/^inkstone: invalid input: theme: one of classic, modern, chinese/);
    ok(await run(["books", "update", bookId, "--theme", "classic"]));
    expect(json(await run(["books", "show", bookId, "--json"]))).toMatchObject({ theme: "classic" });
    expect(fails(await run(["books", "update", bookId, "--theme", "baroque"]))).toMatch(/baroque/);
  });
});

describe("inkstone books preview", () => {
  it("writes the print PDF's first pages as PNG images, in the theme and trim asked", async () => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), "inkstone-preview-")), "pages");
    const written = json(await run(["books", "preview", bookId, "--theme", "chinese", "--trim-size", "a5", "--pages", "2", "-o", folder, "--json"]));
    expect(written).toMatchObject({ theme: "chinese", trimSize: "a5", files: [path.join(folder, "page-1.png"), path.join(folder, "page-2.png")] });
    const png = readFileSync(path.join(folder, "page-1.png"));
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([467, 662]);
    expect(fails(await run(["books", "preview", bookId, "--theme", "baroque", "-o", folder]))).toMatch(/^inkstone: invalid input: theme: one of classic, modern, chinese/);
  });
});
