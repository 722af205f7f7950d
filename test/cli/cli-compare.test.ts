import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

let home: string;
const run = (args: string[], input?: string) => inkstone(home, args, { input });

beforeAll(async () => {
  ({ home } = await loggedIn("compare"));
});

describe("inkstone analysis compare (issue 20 §3)", () => {
  it("prints each series down the shared axis for both books, and all of it with --json", async () => {
    const draft = json(await run(["books", "create", "--title", "My Draft", "--json"])).id;
    // 4 words, 2 of them spoken; then 5 words without speech: chapter one holds 0–44.44 % of the book
    ok(await run(["chapters", "upload", draft, "--title", "One"], '"Hello there," she said.\n'));
    ok(await run(["chapters", "upload", draft, "--title", "Two"], "No talk at all here.\n"));
    const model = json(await run(["books", "create", "--title", "The Model", "--json"])).id;
    ok(await run(["chapters", "upload", model, "--title", "Only"], "Plain words only.\n"));

    const printed = ok(await run(["analysis", "compare", draft, model, "--series", "dialogue-share,beats"]));
    expect(printed).toContain("My Draft: 2 chapters, 9 words (en)\nThe Model: 1 chapters, 3 words (en)");
    expect(printed).toContain("== Dialogue ==\nat\tMy Draft\tThe Model\n5%\t50%\t0%\n15%\t50%\t0%");
    expect(printed).toContain("35%\t50%\t0%\n45%\t0%\t0%");
    expect(printed).toContain("== Turning points (Three-Act Structure) ==\nturning point\tMy Draft\tThe Model\nOpening (0%)\tOne\tOnly");
    expect(printed).toContain("Midpoint (50%)\tTwo\tOnly");

    // a category series prints its kinds; a note about each book stands above its table
    const hooks = ok(await run(["analysis", "compare", draft, model, "--series", "hook-type,lead-speaker"]));
    expect(hooks).toContain("== How each chapter ends (hook type) ==\nat\tMy Draft\tThe Model\n5%\tdialogue\tshort sentence");
    expect(hooks).toContain("45%\tshort sentence\tshort sentence");
    expect(hooks).toContain("My Draft: No character is named in a dialogue tag\nThe Model: No character is named in a dialogue tag\nat\t");

    const data = json(await run(["analysis", "compare", draft, model, "--series", "dialogue-share", "--json"]));
    expect(data.series).toEqual([{ key: "dialogue-share", label: "Dialogue", unit: "%" }]);
    expect(data.left.values).toEqual({ "dialogue-share": [50, 0] });
    expect(data.right).toMatchObject({ title: "The Model", words: 3, values: { "dialogue-share": [0] } });
  });

  it("compares a book with itself earlier, and says what is wrong with bad input", async () => {
    const book = json(await run(["books", "create", "--title", "Solo", "--json"])).id;
    ok(await run(["chapters", "upload", book, "--title", "One"], "Words.\n"));
    expect(fails(await run(["analysis", "compare", book, "--as-of", "2001-01-01"]))).toMatch(/^inkstone: invalid input: asOf: The book did not exist yet at 2001-01-01T23:59:59.999Z/);
    expect(fails(await run(["analysis", "compare", book]))).toMatch(/^inkstone: invalid input: asOf: Compare a book with another book/);
    expect(fails(await run(["analysis", "compare", book, "--as-of", "soon"]))).toContain("invalid input");
    expect(fails(await run(["analysis", "compare", book, book, "--series", "hooks"]))).toContain("invalid input");
    expect(fails(await run(["analysis", "compare", book, "no-such-book"]))).toMatch(/\(404 not_found\)$/);
    expect(fails(await run(["analysis", "compare", book, "--as-of", "2999-01-01T00:00:00Z"]))).toMatch(/future/);
    // a date is the end of that day, and today's end is now
    const today = json(await run(["analysis", "compare", book, "--as-of", new Date().toISOString().slice(0, 10), "--series", "chapter-words", "--json"]));
    expect(today.right).toMatchObject({ title: "Solo", words: 1, values: { "chapter-words": [1] } });
  });
});
