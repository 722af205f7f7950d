import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

// Issue 37 items 6 and 7 (decision 0495): `inkstone account back-matter` sets the writer's back
// matter once; `inkstone books update --back-matter` chooses a book's pages; the export prints them.

let home: string;
const run = (args: string[], input?: string) => inkstone(home, args, { input });

beforeAll(async () => {
  ({ home } = await loggedIn("cli-back-matter"));
});

describe("inkstone account back-matter", () => {
  it("sets the pages from options and files, fills \"also by\" from the writer's own books, and the book's export prints what the book chose", async () => {
    const earlier = json(await run(["books", "create", "--title", "The First Tide", "--json"]));
    const book = json(await run(["books", "create", "--title", "The Second Tide", "--json"]));
    ok(await run(["chapters", "upload", book.id, "--title", "Harbour"], "It began at the harbour.\n"));
    const file = path.join(mkdtempSync(path.join(tmpdir(), "inkstone-back-matter-")), "about.md");
    writeFileSync(file, "Lives by the *sea*.\n");

    const set = json(await run(["account", "back-matter", "set", "--about-author-file", file, "--acknowledgements", "Thanks, all.", "--also-by-own-books", "--also-by-title", "Poems", "--json"]));
    expect(set.aboutAuthor).toBe("Lives by the *sea*.\n");
    expect(set.alsoBy.map((entry: { title: string }) => entry.title)).toEqual(["The First Tide", "The Second Tide", "Poems"]);
    expect(set.alsoBy[0]).toMatchObject({ bookId: earlier.id });
    const shown = ok(await run(["account", "back-matter"]));
    expect(shown).toContain("Thanks, all.");
    expect(shown).toContain("The First Tide · The Second Tide · Poems");

    expect(json(await run(["books", "update", book.id, "--back-matter", "alsoBy,aboutAuthor", "--json"])).backMatter).toEqual(["aboutAuthor", "alsoBy"]);
    const text = ok(await run(["export", book.id, "--format", "txt", "-o", "-"]));
    expect(text).toMatch(/Lives by the \W?sea\W?\./);
    expect(text).not.toContain("Thanks, all.");
    // A book never lists itself as another of its writer's books.
    expect(text.slice(text.indexOf("Also by"))).not.toContain("The Second Tide");

    expect(json(await run(["books", "update", book.id, "--back-matter", "default", "--json"])).backMatter).toBeNull();
    expect(json(await run(["account", "back-matter", "set", "--clear-also-by", "--acknowledgements", "none", "--json"]))).toMatchObject({ acknowledgements: null, alsoBy: [] });
  });

  it("refuses, in one line, another writer's book, a page the book cannot print and nothing to set", async () => {
    expect(fails(await run(["account", "back-matter", "set", "--also-by-book", "not-a-book-of-mine"]))).toBe(
      "inkstone: invalid input: alsoBy.0.bookId: not-a-book-of-mine is not one of your books (or it is in the trash)",
    );
    const book = json(await run(["books", "create", "--title", "Odd One", "--json"]));
    expect(fails(await run(["books", "update", book.id, "--back-matter", "index"]))).toContain("invalid input: backMatter.0");
    expect(fails(await run(["account", "back-matter", "set"]))).toContain("nothing to set");
  });
});
