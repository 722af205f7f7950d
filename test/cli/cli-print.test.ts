import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

// Issue 37 items 1 and 2 from the terminal (decision 0490): the print PDF's trim sizes and
// right-hand chapters, and the paperback cover's template.

let home: string;
let bookId: string;
const run = (args: string[], input?: string) => inkstone(home, args, { input });
const latin1 = (file: string) => readFileSync(file).toString("latin1");
const mediaBox = (file: string) => /\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(latin1(file))?.slice(1).map((n) => Math.round(Number(n)));

beforeAll(async () => {
  ({ home } = await loggedIn("print"));
  bookId = json(await run(["books", "create", "--title", "The Long Tide", "--json"])).id as string;
  ok(await run(["chapters", "upload", bookId, "--title", "Harbour"], "It began at the harbour.\n"));
  ok(await run(["chapters", "upload", bookId, "--title", "Ferry"], "The ferry was late.\n"));
});

describe("inkstone export --trim-size --right-hand-chapters", () => {
  it("sets 大32开 pages with every chapter on a right-hand page, and refuses the choice for EPUB", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-print-"));
    const file = path.join(folder, "tide.pdf");
    expect(ok(await run(["export", bookId, "--format", "pdf", "--trim-size", "140x203mm", "--right-hand-chapters", "-o", file]))).toMatch(/^Wrote .*tide\.pdf \(\d+ bytes\)\.\n$/);
    expect(mediaBox(file)).toEqual([397, 575]);
    // Title page, its blank verso, Harbour on 3, a blank 4, Ferry on 5.
    expect(latin1(file)).toMatch(/\/Type\s*\/Pages[^>]*\/Count 5\b/);
    expect(fails(await run(["export", bookId, "--format", "epub", "--right-hand-chapters", "-o", file]))).toMatch(/^inkstone: Right-hand chapter openings are a printed book.s: ask for format=pdf\..*\(406 not_acceptable\)$/);
    expect(fails(await run(["export", bookId, "--format", "pdf", "--trim-size", "32k", "-o", file]))).toMatch(/^inkstone: invalid input: trimSize/);
  });
});

describe("inkstone books cover template", () => {
  it("writes the cover's template from the page count given, or from the print PDF's", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-cover-template-"));
    const given = path.join(folder, "given.pdf");
    ok(await run(["books", "cover", "template", bookId, "--trim-size", "6x9", "--paper", "cream", "--pages", "200", "-o", given]));
    // 0.125 + 6 + 0.5 + 6 + 0.125 in by 9.25 in.
    expect(mediaBox(given)).toEqual([918, 666]);
    const counted = path.join(folder, "counted.pdf");
    const written = json(await run(["books", "cover", "template", bookId, "--trim-size", "5x8", "-o", counted, "--json"]));
    expect(written).toMatchObject({ mediaType: "application/pdf", name: "The Long Tide cover 5x8.pdf" });
    // Four pages of white paper: 0.125 + 5 + 0.009 + 5 + 0.125 in across.
    expect(mediaBox(counted)).toEqual([Math.round((10.25 + 4 * 0.002252) * 72), 594]);
    expect(fails(await run(["books", "cover", "template", bookId, "--pages", "0", "-o", given]))).toMatch(/^inkstone: invalid input: pageCount/);
  });
});
