import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

// Issue 32 item 4: the platform-ready TXT as flags of `inkstone export`, run as a child process.

let home: string;
const run = (args: string[], input?: string) => inkstone(home, args, { input });

beforeAll(async () => {
  ({ home } = await loggedIn("export-platform-txt"));
});

describe("inkstone export --layout --paragraph-spacing --line-endings --encoding --split", () => {
  it("writes the platforms' TXT, in GB18030 with CRLF when asked, one file or a zip of chapters", async () => {
    const bookId = json(await run(["books", "create", "--title", "三国演义", "--json"])).id;
    ok(await run(["chapters", "upload", bookId, "--title", "第一回 宴桃园豪杰三结义"], "　　滚滚长江东逝水。\n  　　浪花淘尽英雄。\n"));
    ok(await run(["chapters", "upload", bookId, "--title", "第二回 张翼德怒鞭督邮"], "且说董卓字仲颖。\n"));

    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-platform-"));
    const file = path.join(folder, "三国演义.txt");
    ok(await run(["export", bookId, "--format", "txt", "--layout", "platform", "--paragraph-spacing", "none", "--line-endings", "crlf", "--encoding", "gb18030", "-o", file]));
    const written = new TextDecoder("gb18030", { fatal: true }).decode(readFileSync(file));
    expect(written).toContain("\r\n\r\n第一回 宴桃园豪杰三结义\r\n　　滚滚长江东逝水。\r\n　　浪花淘尽英雄。\r\n\r\n第二回 张翼德怒鞭督邮\r\n　　且说董卓字仲颖。\r\n");

    const zip = path.join(folder, "三国演义.zip");
    ok(await run(["export", bookId, "--format", "txt", "--layout", "platform", "--split", "chapters", "-o", zip]));
    const files = unzipSync(readFileSync(zip));
    expect(Object.keys(files)).toEqual(["001 第一回 宴桃园豪杰三结义.txt", "002 第二回 张翼德怒鞭督邮.txt"]);
    expect(new TextDecoder().decode(files["001 第一回 宴桃园豪杰三结义.txt"])).toBe("第一回 宴桃园豪杰三结义\n\n　　滚滚长江东逝水。\n\n　　浪花淘尽英雄。\n");

    expect(fails(await run(["export", bookId, "--format", "txt", "--encoding", "big5", "-o", "-"]))).toMatch(/^inkstone: invalid input: encoding/);
    expect(fails(await run(["export", bookId, "--format", "epub", "--layout", "platform", "-o", "-"]))).toMatch(/\(406 not_acceptable\)$/);
  });
});
