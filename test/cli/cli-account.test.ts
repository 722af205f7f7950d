import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

// Issue 34 item 6: `inkstone account archive` queues the archive, waits for its job and writes the zip.

let home: string;
let email: string;
const run = (args: string[], options: { input?: string; cwd?: string } = {}) => inkstone(home, args, options);

beforeAll(async () => {
  ({ home, email } = await loggedIn("cli-archive"));
  const bookId = json(await run(["books", "create", "--title", "The Long Tide", "--json"])).id as string;
  ok(await run(["chapters", "upload", bookId, "--title", "Harbour"], { input: "It began at the harbour.\n" }));
});

describe("inkstone account archive", () => {
  it("writes the zip where -o says, and says what it holds", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-archive-"));
    const file = path.join(folder, "mine.zip");
    expect(ok(await run(["account", "archive", "-o", file]))).toMatch(new RegExp(`^Wrote ${file.replaceAll("/", "\\/")} \\([\\d,]+ bytes\\): 1 book, 1 chapter, 1 revision\\.\\n$`));
    const files = unzipSync(readFileSync(file));
    const account = JSON.parse(new TextDecoder().decode(files["account.json"]));
    expect(account.profile.email).toBe(email);
    expect(new TextDecoder().decode(files[account.books[0].folder + "/chapters/01-Harbour.md"])).toBe("It began at the harbour.\n");
  });

  it("without -o, names the file as the server does, in the current folder; --json reports it", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-archive-"));
    const report = json(await run(["account", "archive", "--json"], { cwd: folder }));
    const name = `inkstone-${email.split("@")[0]}-${new Date().toISOString().slice(0, 10)}.zip`;
    expect(report).toMatchObject({ file: name, name, mediaType: "application/zip", job: expect.any(String), books: 1, chapters: 1, revisions: 1, memberships: 0 });
    expect(readdirSync(folder)).toEqual([name]);
    expect(readFileSync(path.join(folder, name)).byteLength).toBe(report.bytes);
  });

  it("writes to standard output with -o -", async () => {
    const zip = await run(["account", "archive", "-o", "-"]);
    expect(zip.code).toBe(0);
    expect(zip.stdout.startsWith("PK")).toBe(true);
  });

  it("fails in one line with a token that cannot read books", async () => {
    const token = json(await run(["tokens", "create", "--name", "no reading", "--scopes", "write:books", "--json"])).access_token as string;
    expect(fails(await inkstone(home, ["account", "archive", "-o", "-"], { env: { INKSTONE_TOKEN: token } }))).toBe("inkstone: missing scope: read:books — log in again or use a token that has it");
  });
});
