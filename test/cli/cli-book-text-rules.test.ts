import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

// Issue 32 items 2 and 3 (decision 0491): a book's counting rule and paragraph indent from the terminal.

let home: string;
const run = (args: string[], input?: string) => inkstone(home, args, { input });

beforeAll(async () => {
  ({ home } = await loggedIn("book-text-rules"));
});

describe("inkstone books create|update --count-rule --paragraph-indent", () => {
  it("starts a Chinese book counting 字数 with punctuation, switches the rule and recounts, and refuses a rule it does not know", async () => {
    const book = json(await run(["books", "create", "--title", "三国演义", "--language", "zh-Hans", "--json"]));
    expect(book).toMatchObject({ countRule: "characters", paragraphIndent: "fullWidth" });
    const bookId = book.id as string;
    // 13 characters and 2 marks; the ideographic spaces are blanks.
    ok(await run(["chapters", "upload", bookId, "--title", "第一回"], "　　滚滚长江东逝水，浪花淘尽英雄。\n"));
    expect(json(await run(["books", "show", bookId, "--json"]))).toMatchObject({ wordCount: 15 });

    expect(ok(await run(["books", "update", bookId, "--count-rule", "charactersWithoutPunctuation", "--paragraph-indent", "none"]))).toBe(`Updated "三国演义" (${bookId}).\n`);
    expect(json(await run(["books", "show", bookId, "--json"]))).toMatchObject({ countRule: "charactersWithoutPunctuation", paragraphIndent: "none", wordCount: 13 });

    expect(fails(await run(["books", "update", bookId, "--count-rule", "bytes"]))).toMatch(/argument 'bytes' is invalid.*Allowed choices are words, characters, charactersWithoutPunctuation/);
    expect(json(await run(["books", "show", bookId, "--json"]))).toMatchObject({ countRule: "charactersWithoutPunctuation" });
  });

  it("lets an English book keep words and choose its indent when created", async () => {
    const book = json(await run(["books", "create", "--title", "Tide", "--paragraph-indent", "none", "--json"]));
    expect(book).toMatchObject({ countRule: "words", paragraphIndent: "none" });
  });
});
