import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

// Issue 19 item 14: the export's compile options as flags of `inkstone export`.

let home: string;
const run = (args: string[], input?: string) => inkstone(home, args, { input });

beforeAll(async () => {
  ({ home } = await loggedIn("export-compile"));
});

describe("inkstone export --copyright --dedication --scene-break --chapters --paper --manuscript-font", () => {
  it("prints the front matter, the scene break asked for and only the chapters named", async () => {
    const bookId = json(await run(["books", "create", "--title", "The Long Tide", "--json"])).id;
    ok(await run(["chapters", "upload", bookId, "--title", "Harbour"], "It began.\n* * *\nThe tide came back.\n"));
    ok(await run(["chapters", "upload", bookId, "--title", "Storm"], "The storm broke.\n"));
    const chapters = json(await run(["chapters", "list", bookId, "--json"])).items as { id: string; title: string }[];
    const harbour = chapters.find((c) => c.title === "Harbour")!.id;

    const written = ok(await run(["export", bookId, "--format", "txt", "--copyright", "© 2026 Ann", "--dedication", "For Maud", "--scene-break", "asterism", "--chapters", harbour, "-o", "-"]));
    expect(written).toMatch(/© 2026 Ann\n\nFor Maud\n\nHarbour/);
    expect(written).toContain("It began.\n\n⁂\n\nThe tide came back.");
    expect(written).not.toContain("Storm");

    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-export-"));
    const manuscript = path.join(folder, "tide.docx");
    ok(await run(["export", bookId, "--format", "docx", "--manuscript", "--paper", "a4", "--manuscript-font", "times", "-o", manuscript]));
    const docx = unzipSync(readFileSync(manuscript));
    expect(new TextDecoder().decode(docx["word/document.xml"])).toMatch(/<w:pgSz w:w="11906" w:h="16838"/);
    expect(new TextDecoder().decode(docx["word/styles.xml"])).toContain('w:ascii="Times New Roman"');

    expect(fails(await run(["export", bookId, "--format", "txt", "--scene-break", "tilde", "-o", "-"]))).toMatch(/^inkstone: invalid input/);
    expect(fails(await run(["export", bookId, "--format", "txt", "--chapters", "nope", "-o", "-"]))).toBe("inkstone: invalid input: chapters: not chapters of this book: nope");
    expect(fails(await run(["export", bookId, "--format", "docx", "--paper", "a4", "-o", "-"]))).toMatch(/\(406 not_acceptable\)$/);
  });
});
