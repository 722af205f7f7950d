import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, newHome, ok } from "../support/cli";

let home: string;
const run = (args: string[], input?: string) => inkstone(home, args, { input, cwd: home });

beforeAll(async () => {
  ({ home } = await loggedIn("bible"));
});

/** A new book with these chapters, uploaded in order. */
async function bookWith(title: string, chapters: string[]): Promise<string> {
  const book = json(await run(["books", "create", "--title", title, "--json"]));
  for (const text of chapters) json(await run(["chapters", "upload", book.id, "--json"], text));
  return book.id as string;
}

describe("inkstone bible", () => {
  it("adds a character with aliases and a place, lists them, and shows one by name or alias with its mentions", async () => {
    const bookId = await bookWith("Harbour", ["Mara Vell walked to Saltmere, and the captain smiled.\n", "Nobody spoke of Mara.\n"]);
    const mara = json(await run(["bible", "add", bookId, "Mara Vell", "--alias", "Mara", "the captain", "--description", "Harbour master", "--tag", "crew", "--json"]));
    expect(mara).toMatchObject({ name: "Mara Vell", kind: "character", aliases: ["Mara", "the captain"], description: "Harbour master", tags: ["crew"] });
    const added = ok(await run(["bible", "add", bookId, "Saltmere", "--kind", "place"]));
    expect(added).toMatch(/^added place "Saltmere" \(\S+\)\n$/);

    const table = ok(await run(["bible", "list", bookId]));
    expect(table).toContain("Mara Vell");
    expect(table).toContain("Mara, the captain");
    expect(table.indexOf("Mara Vell")).toBeLessThan(table.indexOf("Saltmere"));
    const places = json(await run(["bible", "list", bookId, "--kind", "place", "--json"]));
    expect(places.map((e: { name: string }) => e.name)).toEqual(["Saltmere"]);

    const shown = json(await run(["bible", "show", bookId, "the captain", "--json"]));
    expect(shown.entry.id).toBe(mara.id);
    expect(shown.mentions.total).toBe(3);
    expect(shown.mentions.chapters).toHaveLength(2);
    const record = ok(await run(["bible", "show", bookId, mara.id]));
    expect(record).toContain("Harbour master");
    expect(record).toMatch(/mentions\s+3 in 2 chapters/);
    expect(record).toMatch(/first\s+chapter 1/);
  });

  it("says a one-character alias will over-match when the entry is added and when it is shown (decision 0503)", async () => {
    const bookId = await bookWith("三国", ["张飞大叫一声，飞身上马。\n"]);
    const added = ok(await run(["bible", "add", bookId, "张飞", "--alias", "翼德", "飞"]));
    expect(added).toMatch(/^added character "张飞" \(\S+\)\n  note: "飞" is a single Chinese character: /);
    const record = ok(await run(["bible", "show", bookId, "翼德"]));
    expect(record).toMatch(/warnings\s+"飞" is a single Chinese character: it is found inside every word that holds it/);
    const shown = json(await run(["bible", "show", bookId, "张飞", "--json"]));
    expect(shown.entry.warnings).toEqual([expect.objectContaining({ name: "飞", code: "single_character" })]);
    // An entry whose names are all longer shows no warnings line.
    ok(await run(["bible", "add", bookId, "关羽", "--alias", "云长"]));
    expect(ok(await run(["bible", "show", bookId, "关羽"]))).not.toContain("warnings");
  });

  it("imports entries from CSV and JSON files, and exports the bible as Markdown to stdout and to a file", async () => {
    const bookId = await bookWith("Imports", ["Quiet.\n"]);
    const csv = path.join(home, "entries.csv");
    writeFileSync(
      csv,
      [
        "name,kind,aliases,description,tags,status,fields",
        'Ivo Brand,character,Ivo;the smith,"Forges blades, and lies",crew;north,wounded,age=41;eyes=grey',
        'Old Mill,place,,"A mill, ""haunted"" they say",,,',
      ].join("\r\n"),
    );
    const imported = json(await run(["bible", "import", bookId, csv, "--json"]));
    expect(imported.created.map((e: { name: string }) => e.name)).toEqual(["Ivo Brand", "Old Mill"]);
    expect(imported.skipped).toEqual([]);
    const ivo = json(await run(["bible", "show", bookId, "the smith", "--json"])).entry;
    expect(ivo).toMatchObject({
      kind: "character",
      aliases: ["Ivo", "the smith"],
      description: "Forges blades, and lies",
      tags: ["crew", "north"],
      status: { note: "wounded" },
      fields: [{ key: "age", value: "41" }, { key: "eyes", value: "grey" }],
    });
    expect(json(await run(["bible", "show", bookId, "Old Mill", "--json"])).entry.description).toBe('A mill, "haunted" they say');

    const file = path.join(home, "entries.json");
    writeFileSync(file, JSON.stringify({ entries: [{ name: "The Guild", kind: "group" }, { name: "Ivo", kind: "character" }] }));
    // All or nothing: the taken alias refuses the whole file, naming the entry that has it…
    expect(fails(await run(["bible", "import", bookId, file]))).toBe('inkstone: Entry 2: "Ivo" is already a name of the entry "Ivo Brand". (409 name_taken)');
    expect(json(await run(["bible", "list", bookId, "--json"]))).toHaveLength(2);
    // …unless it is skipped.
    expect(ok(await run(["bible", "import", bookId, file, "--skip-duplicates"]))).toBe(
      'imported 1 entries\n  skipped row 2 "Ivo": "Ivo" is already a name of the entry "Ivo Brand".\n',
    );

    const markdown = ok(await run(["bible", "export", bookId]));
    expect(markdown).toMatch(/^# Imports — story bible\n/);
    for (const line of ["## Characters", "### Ivo Brand", "*Also:* Ivo, the smith", "*Status:* wounded", "| age | 41 |", "## Places", "### Old Mill", "## Groups", "### The Guild"]) {
      expect(markdown).toContain(line);
    }
    const written = await run(["bible", "export", bookId, "-o", "bible.md"]);
    expect(ok(written)).toBe("");
    expect(written.stderr).toBe("wrote bible.md\n");
    expect(readFileSync(path.join(home, "bible.md"), "utf8")).toBe(markdown);
  });

  it("exports the book with its bible as an appendix (export --bible-appendix)", async () => {
    const bookId = await bookWith("Appendix", ["Odile sailed.\n"]);
    json(await run(["bible", "add", bookId, "Odile", "--alias", "the pilot", "--description", "Reads the tides", "--json"]));
    const withBible = ok(await run(["export", bookId, "--format", "md", "--bible-appendix", "-o", "-"]));
    expect(withBible).toMatch(/# Story Bible\n+## Characters\n+### Odile\n+\*Also:\* the pilot\n+Reads the tides/);
    expect(ok(await run(["export", bookId, "--format", "md", "-o", "-"]))).not.toContain("Story Bible");
  });

  it("runs the continuity checks", async () => {
    const bookId = await bookWith("Absent", ["Tamsin rowed out.\n", "The sea.\n", "The sea again.\n", "Tamsin came back.\n"]);
    json(await run(["bible", "add", bookId, "Tamsin", "--json"]));
    const none = await run(["bible", "checks", bookId]);
    expect(ok(none)).toBe("");
    expect(none.stderr).toBe("no findings in 4 chapters\n");
    const checks = json(await run(["bible", "checks", bookId, "--absence", "1", "--json"]));
    expect(checks).toMatchObject({ chaptersScanned: 4, absence: 1 });
    expect(checks.findings).toMatchObject([{ kind: "long_absence", entryName: "Tamsin", position: 1, absentChapters: 2 }]);
    const table = ok(await run(["bible", "checks", bookId, "--absence", "1"]));
    expect(table).toContain("long_absence");
    expect(table).toContain("absent for 2 chapters, until chapter 4");
  });

  it("refuses a taken name, an unknown book and a malformed file in one line, changing nothing", async () => {
    const bookId = await bookWith("Refusals", []);
    json(await run(["bible", "add", bookId, "Wren Hale", "--alias", "Wren", "--json"]));
    expect(fails(await run(["bible", "add", bookId, "Wren", "--kind", "place"]))).toBe('inkstone: "Wren" is already a name of the entry "Wren Hale". (409 name_taken)');
    expect(fails(await run(["bible", "list", "no-such-book"]))).toMatch(/^inkstone: .*\(404 not_found\)$/);
    expect(fails(await run(["bible", "add", "no-such-book", "Somebody"]))).toMatch(/^inkstone: .*\(404 not_found\)$/);
    expect(fails(await run(["bible", "show", bookId, "Nobody"]))).toBe(`inkstone: no entry of this book is called "Nobody": see inkstone bible list ${bookId}`);

    const unterminated = path.join(home, "broken.csv");
    writeFileSync(unterminated, 'name,description\nRook,"never closed\nCrow,fine\n');
    expect(fails(await run(["bible", "import", bookId, unterminated]))).toMatch(/^inkstone: .*broken\.csv.*quote/);
    const nameless = path.join(home, "nameless.csv");
    writeFileSync(nameless, "title,kind\nRook,character\n");
    expect(fails(await run(["bible", "import", bookId, nameless]))).toBe(`inkstone: ${nameless}: the header row must name a "name" column`);
    const badJson = path.join(home, "broken.json");
    writeFileSync(badJson, '[{"name": "Rook",');
    const nullJson = path.join(home, "null.json");
    writeFileSync(nullJson, "null");
    expect(fails(await run(["bible", "import", bookId, nullJson]))).toBe(`inkstone: ${nullJson}: expected a JSON array of entries, or {"entries": […]}`);
    expect(fails(await run(["bible", "import", bookId, badJson]))).toMatch(/^inkstone: .*broken\.json.*not valid JSON/);
    const emptyName = path.join(home, "empty-name.csv");
    writeFileSync(emptyName, "name,kind\n,character\n");
    expect(fails(await run(["bible", "import", bookId, emptyName]))).toMatch(/^inkstone: invalid input: entries\.0\.name: /);
    expect(fails(await run(["bible", "import", bookId, "missing.csv"]))).toBe("inkstone: cannot read missing.csv: no such file or folder");
    expect(fails(await run(["bible", "checks", bookId, "--absence", "0"]))).toBe(
      "inkstone: The query string asks for something this endpoint cannot do: absence: an absence is at least 1 chapter (400 invalid_query)",
    );

    expect(json(await run(["bible", "list", bookId, "--json"])).map((e: { name: string }) => e.name)).toEqual(["Wren Hale"]);
    expect(fails(await inkstone(newHome(), ["bible", "list", bookId]), 4)).toBe("inkstone: not logged in — run inkstone login");
  });
});
