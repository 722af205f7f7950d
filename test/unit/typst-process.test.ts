// @module-tag shared
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FONT_DIR } from "@/server/convert/engine/writers/pdf";
import { TypesetTimeout, typesetInChild, waitingTypesetterPid } from "@/server/convert/engine/writers/typst-process";

/**
 * The typesetting child is kept between jobs (decision 0528): one child serves job after job, a
 * child that was stopped is never used again, one is retired after its share of jobs or half a
 * minute without one, and a child waiting for a job never keeps its process from ending.
 */

const page = (text: string) => ({ source: `#set page(width: 3in, height: 3in)\n${text}` });

describe("the typesetting child", () => {
  // Each test starts with no child waiting: this file shares its process, and a child another file
  // left waiting may be near its twenty jobs (CI met it). A stopped job retires the one it took.
  beforeEach(async () => {
    const caller = new AbortController();
    const stopped = typesetInChild(page("Retires the waiting child."), FONT_DIR, { signal: caller.signal });
    caller.abort();
    await expect(stopped).rejects.toBeInstanceOf(TypesetTimeout);
    expect(waitingTypesetterPid()).toBeUndefined();
  });

  it("typesets job after job, and a source Typst refuses does not end it", async () => {
    expect((await typesetInChild(page("One."), FONT_DIR)).pages).toBe(1);
    const first = waitingTypesetterPid();
    expect(first).toBeGreaterThan(0);
    await expect(typesetInChild(page("#let x = "), FONT_DIR)).rejects.toThrow(/Typst could not typeset the document: .*expected expression/);
    expect(waitingTypesetterPid()).toBe(first);
    expect((await typesetInChild(page("Two."), FONT_DIR)).pages).toBe(1);
    expect(waitingTypesetterPid()).toBe(first);
  });

  it("takes a job of many pipe reads whole, and the next after it", async () => {
    // A book's source reaches the child in many reads of its stdin (a 20 MB one in about 300).
    const comment = `// ${"a".repeat(4 * 1024 * 1024)}\n`;
    expect((await typesetInChild(page(`${comment}Long.`), FONT_DIR)).pages).toBe(1);
    const child = waitingTypesetterPid();
    expect((await typesetInChild(page("#pagebreak()\nShort."), FONT_DIR)).pages).toBe(2);
    expect(waitingTypesetterPid()).toBe(child);
  });

  it("is never used again once stopped, and is retired after its share of jobs", async () => {
    await typesetInChild(page("Warm."), FONT_DIR);
    const warm = waitingTypesetterPid();
    const caller = new AbortController();
    const stopped = typesetInChild(page("Stopped."), FONT_DIR, { signal: caller.signal });
    caller.abort();
    await expect(stopped).rejects.toBeInstanceOf(TypesetTimeout);
    expect(waitingTypesetterPid()).toBeUndefined();
    const waiting: (number | undefined)[] = [];
    for (let job = 1; job <= 21; job++) {
      expect((await typesetInChild(page(`Job ${job}.`), FONT_DIR)).pages).toBe(1);
      waiting.push(waitingTypesetterPid());
    }
    expect(waiting).not.toContain(warm);
    // Twenty jobs a child: retired after its twentieth, and the twenty-first starts another.
    expect(new Set(waiting.slice(0, 19)).size).toBe(1);
    expect(waiting[19]).toBeUndefined();
    expect(waiting[20]).toBeGreaterThan(0);
    expect(waiting[20]).not.toBe(waiting[0]);
  });

  it("is retired after half a minute without a job", async () => {
    await typesetInChild(page("Before the wait."), FONT_DIR);
    const waited = waitingTypesetterPid();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await typesetInChild(page("Sets the wait's clock going."), FONT_DIR);
      expect(waitingTypesetterPid()).toBe(waited);
      vi.advanceTimersByTime(30_000);
      expect(waitingTypesetterPid()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
    await typesetInChild(page("After the wait."), FONT_DIR);
    expect(waitingTypesetterPid()).not.toBe(waited);
  });

  it("waits without keeping its process alive", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-typst-exit-"));
    try {
      const script = path.join(folder, "typeset-once.ts");
      writeFileSync(
        script,
        `import { typesetInChild } from ${JSON.stringify(path.resolve("server/convert/engine/writers/typst-process.ts"))};\n` +
          `const { pages } = await typesetInChild({ source: "One page." }, ${JSON.stringify(FONT_DIR)});\nconsole.log(pages);\n`,
      );
      // A limit, not a speed target: a process held open by its waiting child would never end.
      const run = spawnSync(process.execPath, [path.resolve("node_modules/jiti/lib/jiti-cli.mjs"), script], { encoding: "utf8", timeout: 30_000 });
      expect([run.status, run.stdout.trim(), run.stderr]).toEqual([0, "1", ""]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
