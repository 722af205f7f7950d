import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

let home: string;
const run = (args: string[], input?: string) => inkstone(home, args, { input });

beforeAll(async () => {
  ({ home } = await loggedIn("search"));
});

describe("inkstone search, replace and undo-replace (issue 23 item 4)", () => {
  it("searches a book and the library, previews a replace, applies it as one change set and undoes it", async () => {
    const bookId = json(await run(["books", "create", "--title", "Kathryn's Road", "--json"])).id;
    ok(await run(["chapters", "upload", bookId, "--title", "One"], "Kathryn walked. KATHRYN ran!\n"));
    ok(await run(["chapters", "upload", bookId, "--title", "二"], "凯瑟琳走了。\n"));

    const hits = json(await run(["search", "kathryn", "--book", bookId, "--whole-word", "--json"]));
    expect(hits).toMatchObject({ total: 2, page: 1, nextPage: null, items: [{ chapterTitle: "One", match: "Kathryn" }, { chapterTitle: "One", match: "KATHRYN" }] });
    expect(ok(await run(["search", "凯瑟琳", "--book", bookId]))).toContain("[凯瑟琳]走了。");
    expect(fails(await run(["search", "a(b", "--book", bookId, "--regex"]))).toBe("inkstone: invalid input: This regular expression is not valid at position 3: missing closing ).");
    // 简/繁 fold by default; --match-script tells them apart (decision 0503), and only a book's search offers it.
    ok(await run(["chapters", "upload", bookId, "--title", "三"], "劉備曰：吾乃刘备也。\n"));
    expect(json(await run(["search", "刘备", "--book", bookId, "--json"])).items.map((h: { match: string }) => h.match)).toEqual(["劉備", "刘备"]);
    const asWritten = json(await run(["search", "刘备", "--book", bookId, "--match-script", "--json"]));
    expect(asWritten).toMatchObject({ total: 1, items: [{ chapterTitle: "三", match: "刘备", start: 6 }] });
    expect(ok(await run(["search", "劉備", "--book", bookId, "--match-script"]))).toContain("[劉備]曰：吾乃刘备也。");
    expect(fails(await run(["search", "刘备", "--match-script"]))).toBe("inkstone: --regex, --whole-word, --match-case, --width and --match-script need --book: the library search is plain text");
    const library = json(await run(["search", "walked", "--json"]));
    expect(library.items.map((i: { bookId: string }) => i.bookId)).toEqual([bookId]);

    const dry = await run(["replace", bookId, "kathryn", "Katherine", "--preserve-case", "--dry-run"]);
    expect(ok(dry)).toContain("[KATHERINE] ran!");
    expect(dry.stderr).toContain("2 hits in 1 chapters would change");
    // The dry run changed nothing.
    expect(json(await run(["search", "katherine", "--book", bookId, "--json"])).total).toBe(0);

    const applied = await run(["replace", bookId, "kathryn", "Katherine", "--preserve-case"]);
    const changeSetId = /change set (\S+)\)/.exec(ok(applied))?.[1];
    expect(ok(applied)).toMatch(/^Replaced 2 hits in 1 chapters \(change set \S+\)\. Undo: inkstone undo-replace /);
    expect(json(await run(["search", "KATHERINE", "--book", bookId, "--match-case", "--json"])).total).toBe(1);
    expect(json(await run(["change-sets", bookId, "--json"]))).toEqual([expect.objectContaining({ changeSetId, replaced: 2, undoneAt: null })]);

    expect(ok(await run(["undo-replace", bookId, changeSetId!]))).toBe(`Undid change set ${changeSetId} in 1 chapters.\n`);
    expect(json(await run(["search", "kathryn", "--book", bookId, "--match-case", "--json"])).total).toBe(0);
    expect(json(await run(["search", "Kathryn", "--book", bookId, "--match-case", "--json"])).total).toBe(1);
    expect(fails(await run(["undo-replace", bookId, changeSetId!]))).toMatch(/\(409 change_set_undone\)$/);
    expect(fails(await run(["replace", bookId, "nowhere", "x"]))).toContain("nothing to replace");
  });
});
