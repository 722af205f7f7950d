import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

// Issue 35 item 5 (decision 0508): `inkstone export --part --chapter --scene` (each repeatable) prints
// only what is chosen, and `--outline` prints the plan instead of the text.

let home: string;
const run = (args: string[], input?: string) => inkstone(home, args, { input });

beforeAll(async () => {
  ({ home } = await loggedIn("export-selection"));
});

describe("inkstone export --part --chapter --scene --outline", () => {
  it("exports a part, chosen scenes and chapters, and the outline; refuses another book's scene", async () => {
    const bookId = json(await run(["books", "create", "--title", "The Long Tide", "--json"])).id;
    ok(await run(["chapters", "upload", bookId, "--title", "Prologue"], "The sea was grey.\n"));
    ok(await run(["chapters", "upload", bookId, "--title", "Harbour"], "Ann walked.\n\n* * *\n\nThe boats were gone.\n\n* * *\n\nShe waited.\n"));
    ok(await run(["chapters", "upload", bookId, "--title", "Storm"], "The storm broke.\n"));
    const chapters = json(await run(["chapters", "list", bookId, "--json"])).items as { id: string; title: string }[];
    const id = (title: string) => chapters.find((c) => c.title === title)!.id;
    const part = json(await run(["parts", "add", bookId, "Part One", "--json"])).id as string;
    ok(await run(["parts", "move", bookId, id("Storm"), part]));
    const scenes = json(await run(["scenes", "split", bookId, id("Harbour"), "--json"])) as { id: string }[];
    ok(await run(["outline", "set", bookId, "chapter", id("Harbour"), "--synopsis", "Ann finds the harbour empty.", "--status", "draft"]));

    const partOnly = ok(await run(["export", bookId, "--format", "md", "--part", part, "-o", "-"]));
    expect(partOnly).toContain("The storm broke.");
    expect(partOnly).not.toContain("The sea was grey.");

    const chosen = ok(await run(["export", bookId, "--format", "md", "--scene", scenes[2]!.id, "--scene", scenes[0]!.id, "--chapter", id("Prologue"), "-o", "-"]));
    expect(chosen).toContain("The sea was grey.");
    expect(chosen).toContain("Ann walked.");
    expect(chosen).toContain("She waited.");
    expect(chosen).not.toContain("The boats were gone.");
    expect(chosen).not.toContain("The storm broke.");

    const outline = ok(await run(["export", bookId, "--format", "md", "--outline", "-o", "-"]));
    expect(outline).toContain("Ann finds the harbour empty.");
    expect(outline).toContain("**Status:** draft");
    expect(outline).not.toContain("The boats were gone.");

    const other = json(await run(["books", "create", "--title", "Other", "--json"])).id;
    ok(await run(["chapters", "upload", other, "--title", "Elsewhere"], "x\n\n* * *\n\ny\n"));
    const [otherChapter] = json(await run(["chapters", "list", other, "--json"])).items as { id: string }[];
    const [otherScene] = json(await run(["scenes", "split", other, otherChapter!.id, "--json"])) as { id: string }[];
    expect(fails(await run(["export", bookId, "--format", "md", "--scene", otherScene!.id, "-o", "-"]))).toContain(`not scenes of this book: ${otherScene!.id}`);
  });
});
