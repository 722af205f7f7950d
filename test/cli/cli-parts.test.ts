// Issue 35 item 1: `inkstone parts` as a child process — a web novel imported with its 卷, a part
// added, chapters moved into and out of parts, a part renamed and deleted; a wrong part is one line.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

let writer: { home: string; email: string };

beforeAll(async () => {
  writer = await loggedIn("parts-writer");
});

const NOVEL = "楔子\n　　雪。\n\n第一卷 入山\n第一章 雪夜\n　　雪下了一夜。\n\n第二章 拜师\n　　老人。\n\n第二卷 下山\n第三章 归途\n　　下山。\n\n番外一 师父\n　　师父。\n";

type Contents = { entries: ({ type: "chapter"; chapter: { id: string; title: string } } | { type: "part"; part: { title: string }; chapters: { id: string; title: string }[] })[] };
const shape = (contents: Contents) => contents.entries.map((e) => (e.type === "part" ? [e.part.title, e.chapters.map((c) => c.title)] : e.chapter.title));

describe("inkstone parts", () => {
  it("lists the parts an import made, adds, moves, renames and deletes, each a line or JSON", async () => {
    const file = path.join(writer.home, "青云志.txt");
    writeFileSync(file, NOVEL);
    const imported = json(await inkstone(writer.home, ["import", file, "--json"]));
    const bookId = imported.book.id as string;
    expect(imported.parts.map((p: { title: string }) => p.title)).toEqual(["第一卷 入山", "第二卷 下山"]);

    const table = ok(await inkstone(writer.home, ["parts", "list", bookId]));
    expect(table).toMatch(/1\s+第一卷 入山\s+2\s+/);
    expect(table).toMatch(/2\s+第二卷 下山\s+2\s+/);

    const added = json(await inkstone(writer.home, ["parts", "add", bookId, "第三卷", "--json"]));
    expect(added).toMatchObject({ title: "第三卷", position: 3, chapterCount: 0 });
    const contents = () => inkstone(writer.home, ["api", `/api/v1/books/${bookId}/contents`]).then((run) => json<{ data: Contents }>(run).data);
    const before = await contents();
    const extra = before.entries.flatMap((e) => (e.type === "part" ? e.chapters : [e.chapter])).find((c) => c.title === "番外一 师父")!;

    expect(ok(await inkstone(writer.home, ["parts", "move", bookId, extra.id, "3"]))).toBe("Moved the chapter into “第三卷”.\n");
    expect(shape(await contents())).toEqual(["楔子", ["第一卷 入山", ["第一章 雪夜", "第二章 拜师"]], ["第二卷 下山", ["第三章 归途"]], ["第三卷", ["番外一 师父"]]]);
    expect(ok(await inkstone(writer.home, ["parts", "rename", bookId, "第三卷", "番外"]))).toBe("Part 3 is now “番外”.\n");
    expect(ok(await inkstone(writer.home, ["parts", "move", bookId, extra.id, "none"]))).toBe("Moved the chapter out of its part.\n");
    expect(ok(await inkstone(writer.home, ["parts", "delete", bookId, "番外"]))).toBe("Deleted the part “番外”.\n");
    expect(shape(await contents())).toEqual(["楔子", ["第一卷 入山", ["第一章 雪夜", "第二章 拜师"]], ["第二卷 下山", ["第三章 归途"]], "番外一 师父"]);

    expect(fails(await inkstone(writer.home, ["parts", "move", bookId, extra.id, "第九卷"]))).toBe(`inkstone: this book has no part 第九卷; inkstone parts list ${bookId} shows its parts`);
    expect(fails(await inkstone(writer.home, ["parts", "add", bookId, "   "]))).toMatch(/^inkstone: invalid input: title: a part needs a title/);
  });
});
