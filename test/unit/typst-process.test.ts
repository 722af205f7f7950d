// @module-tag shared
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { FONT_DIR } from "@/server/convert/engine/writers/pdf";
import { TypesetTimeout, typesetInChild } from "@/server/convert/engine/writers/typst-process";

/**
 * The typesetting child is kept between jobs (decision 0528): one child serves job after job, a
 * child that was stopped is never used again, one is retired after its share of jobs or half a
 * minute without one, and a child waiting for a job never keeps its process from ending.
 */

/** The pids of this process's typesetting children, from /proc (every thread's children). */
function typesetters(): number[] {
  const pids = readdirSync("/proc/self/task").flatMap((task) => readFileSync(`/proc/self/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number));
  return pids.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("typst-child");
    } catch {
      return false;
    }
  });
}

const page = (text: string) => ({ source: `#set page(width: 3in, height: 3in)\n${text}` });

describe("the typesetting child", () => {
  it("typesets job after job, and a source Typst refuses does not end it", async () => {
    expect((await typesetInChild(page("One."), FONT_DIR)).pages).toBe(1);
    const [first] = typesetters();
    expect(typesetters()).toEqual([first]);
    await expect(typesetInChild(page("#let x = "), FONT_DIR)).rejects.toThrow(/Typst could not typeset the document: .*expected expression/);
    expect((await typesetInChild(page("Two."), FONT_DIR)).pages).toBe(1);
    expect(typesetters()).toEqual([first]);
  });

  it("is never used again once stopped, and is retired after its share of jobs", async () => {
    await typesetInChild(page("Warm."), FONT_DIR);
    const [warm] = typesetters();
    const caller = new AbortController();
    const stopped = typesetInChild(page("Stopped."), FONT_DIR, { signal: caller.signal });
    caller.abort();
    await expect(stopped).rejects.toBeInstanceOf(TypesetTimeout);
    const seen = new Set<number>();
    for (let job = 1; job <= 21; job++) {
      expect((await typesetInChild(page(`Job ${job}.`), FONT_DIR)).pages).toBe(1);
      seen.add(typesetters()[0]!);
    }
    expect(seen.has(warm!)).toBe(false);
    // Twenty jobs a child: the twenty-first went to another.
    expect(seen.size).toBe(2);
  });

  it("is retired after half a minute without a job", async () => {
    await typesetInChild(page("Before the wait."), FONT_DIR);
    const [waited] = typesetters();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await typesetInChild(page("Sets the wait's clock going."), FONT_DIR);
      expect(typesetters()).toEqual([waited]);
      vi.advanceTimersByTime(30_000);
    } finally {
      vi.useRealTimers();
    }
    await typesetInChild(page("After the wait."), FONT_DIR);
    expect(typesetters()).not.toContain(waited);
  });

  it("waits without keeping its process alive", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-typst-exit-"));
    const script = path.join(folder, "typeset-once.ts");
    writeFileSync(
      script,
      `import { typesetInChild } from ${JSON.stringify(path.resolve("server/convert/engine/writers/typst-process.ts"))};\n` +
        `const { pages } = await typesetInChild({ source: "One page." }, ${JSON.stringify(FONT_DIR)});\nconsole.log(pages);\n`,
    );
    // A limit, not a speed target: a process held open by its waiting child would never end.
    const run = spawnSync(process.execPath, [path.resolve("node_modules/jiti/lib/jiti-cli.mjs"), script], { encoding: "utf8", timeout: 30_000 });
    expect([run.status, run.stdout.trim(), run.stderr]).toEqual([0, "1", ""]);
  });
});
