// Issue 20 items 9 and §4 through the CLI as a child process: run several templates (or --all), delete a result.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn, ok } from "../support/cli";

let home: string;
let bookId: string;
const run = (args: string[]) => inkstone(home, args);

const MANUSCRIPT = `# Chapter One

Mara climbed the stairs. "Who's there?" she called. Tom did not answer.

# Chapter Two

Tom waited below, counting the waves. Mara came down at dawn.
`;

/** The built-in a (Chinese) query finds first. */
async function templateId(q: string): Promise<string> {
  return json(await run(["analysis", "search", q, "--json"])).items[0].id;
}

beforeAll(async () => {
  ({ home } = await loggedIn("analysis-batch"));
  const file = path.join(mkdtempSync(path.join(tmpdir(), "inkstone-batch-")), "book.md");
  writeFileSync(file, MANUSCRIPT);
  bookId = json(await run(["import", file, "--title", "Batch", "--json"])).book.id;
}, 120_000);

describe("inkstone analysis run with several templates, --all, and delete", () => {
  it("runs two templates on one reading of the book, then --all reuses what is kept and runs the rest", async () => {
    const [threeAct, dialogue, pacing] = [await templateId("三幕"), await templateId("对话"), await templateId("节奏")];
    for (const id of [threeAct, dialogue, pacing]) ok(await run(["analysis", "install", id]));

    const two = json(await run(["analysis", "run", threeAct, dialogue, "--book", bookId, "--json"]));
    expect(two.map((a: { templateId: string; status: string; reused: boolean }) => [a.templateId, a.status, a.reused])).toEqual([
      [threeAct, "succeeded", false],
      [dialogue, "succeeded", false],
    ]);

    const table = ok(await run(["analysis", "run", "--all", "--book", bookId]));
    // One row per installed template: the two already run kept, the third run now.
    expect(table).toContain("Three-Act Structure");
    expect(table.match(/\tsucceeded/g)).toHaveLength(3);
    expect(table.match(/\(kept: book unchanged\)/g)).toHaveLength(2);
    expect(table).toContain("(kept: book unchanged)");
    const all = json(await run(["analysis", "run", "--all", "--book", bookId, "--json"]));
    expect(all).toHaveLength(3);
    expect(all.every((a: { reused: boolean; status: string }) => a.reused && a.status === "succeeded")).toBe(true);
    expect(json(await run(["analysis", "results", "--book", bookId, "--json"])).items).toHaveLength(3);
  }, 300_000);

  it("refuses --all with ids, and no template at all, as usage errors (exit 2)", async () => {
    expect(fails(await run(["analysis", "run", "--all", "x", "--book", bookId]), 2)).toMatch(/not both/);
    expect(fails(await run(["analysis", "run", "--book", bookId]), 2)).toMatch(/--all/);
  }, 120_000);

  it("deletes a kept result; deleting it again is 404", async () => {
    const [first] = json(await run(["analysis", "results", "--book", bookId, "--json"])).items;
    expect(ok(await run(["analysis", "delete", first.id, "--book", bookId]))).toContain(`Deleted analysis ${first.id}`);
    expect(fails(await run(["analysis", "delete", first.id, "--book", bookId]))).toMatch(/\(404 not_found\)$/);
    expect(json(await run(["analysis", "results", "--book", bookId, "--json"])).items.map((a: { id: string }) => a.id)).not.toContain(first.id);
  }, 120_000);
});
