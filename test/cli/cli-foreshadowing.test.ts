// Issue 35 item 3 (decision 0501): `inkstone foreshadowing` as a child process — plant with a
// deadline on a chapter not yet written, list, see it overdue once the book grows (--overdue),
// pay another off, drop one, show one; a wrong name is one line.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

let writer: { home: string; email: string };

beforeAll(async () => {
  writer = await loggedIn("foreshadowing-writer");
});

const NOVEL = "第一章 雪夜\n　　雪下了一夜，剑上缠着黑布。\n\n第二章 拜师\n　　老人。\n\n第三章 归途\n　　下山。\n";

describe("inkstone foreshadowing", () => {
  it("plants, lists, flags overdue as the book grows, pays off, drops and shows, each a line or JSON", async () => {
    const file = path.join(writer.home, "剑.txt");
    writeFileSync(file, NOVEL);
    const bookId = json(await inkstone(writer.home, ["import", file, "--json"])).book.id as string;

    const sword = json(await inkstone(writer.home, ["foreshadowing", "add", bookId, "黑布下的剑", "--setup", "1", "--by", "4", "--note", "剑的来历", "--json"]));
    expect(sword).toMatchObject({ title: "黑布下的剑", status: "open", chaptersLeft: 1, deadline: { chapterId: null, number: 4 }, setup: { chapter: { number: 1, title: "第一章 雪夜" } } });
    expect(ok(await inkstone(writer.home, ["foreshadowing", "add", bookId, "老人是谁", "--setup", "2"]))).toMatch(/^Planted “老人是谁” in chapter 2\. 第二章 拜师 \(.+\)\.\n$/);

    const table = ok(await inkstone(writer.home, ["foreshadowing", "list", bookId]));
    expect(table).toMatch(/open\s+黑布下的剑\s+1\. 第一章 雪夜\s+by chapter 4: 1 chapter left/);
    expect(await inkstone(writer.home, ["foreshadowing", "list", bookId, "--overdue"])).toMatchObject({ stdout: "", stderr: "No foreshadowing is overdue.\n" });

    // The book grows to chapter 4: overdue.
    ok(await inkstone(writer.home, ["api", "-X", "POST", `/api/v1/books/${bookId}/chapters`, "-f", "title=第四章 风雨", "-f", "content=风雨欲来。"]));
    const overdue = json(await inkstone(writer.home, ["foreshadowing", "list", bookId, "--overdue", "--json"]));
    expect(overdue).toEqual([expect.objectContaining({ id: sword.id, status: "overdue", chaptersLeft: 0 })]);
    expect(ok(await inkstone(writer.home, ["foreshadowing", "list", bookId, "--overdue"]))).toMatch(/overdue\s+黑布下的剑\s+1\. 第一章 雪夜\s+by chapter 4: OVERDUE/);

    expect(ok(await inkstone(writer.home, ["foreshadowing", "pay", bookId, "老人是谁", "--in", "3"]))).toBe("“老人是谁” is paid off in 3. 第三章 归途.\n");
    expect(ok(await inkstone(writer.home, ["foreshadowing", "drop", bookId, sword.id]))).toBe("Dropped “黑布下的剑”.\n");
    expect(await inkstone(writer.home, ["foreshadowing", "list", bookId, "--overdue"])).toMatchObject({ stdout: "", stderr: "No foreshadowing is overdue.\n" });
    expect(ok(await inkstone(writer.home, ["foreshadowing", "show", bookId, "黑布下的剑"]))).toBe("黑布下的剑  [dropped]\n剑的来历\nsetup: 1. 第一章 雪夜\ndeadline: by chapter 4\n");

    expect(fails(await inkstone(writer.home, ["foreshadowing", "pay", bookId, "没有这个", "--in", "3"]))).toBe(`inkstone: this book has no foreshadowing 没有这个; inkstone foreshadowing list ${bookId} shows them`);
    expect(fails(await inkstone(writer.home, ["foreshadowing", "add", bookId, "x", "--setup", "9"]))).toBe("inkstone: this book has no chapter 9 yet (it has 4); a deadline may name one not yet written with --by 9");
    expect(fails(await inkstone(writer.home, ["foreshadowing", "add", bookId, "x", "--setup", "3", "--by", "2"]))).toMatch(/^inkstone: invalid input: deadline: is chapter 2, before the setup in chapter 3/);
    expect(fails(await inkstone(writer.home, ["foreshadowing", "list", bookId, "--status", "late"]))).toBe("inkstone: --status takes one of overdue, open, paid_off, dropped");
  });
});
