// @module-tag shared
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import config from "@/vitest.config";
import { STAGES } from "@/scripts/test-stages.mjs";

// Each test script's name says the suite it runs (issue 18 item 6): `test:unit` once ran every
// vitest project. `npm test` still runs them all.
const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
const projects = (config.test?.projects ?? []).map((project) => (project as { test: { name: string } }).test.name);
// A suite is one vitest project, or two: the unit suite's files that share a process are a project
// of their own, unit-shared (decision 0518).
const suiteOf = (project: string) => project.replace(/-.*/, "");
const suiteNames = [...new Set(projects.map(suiteOf))];
const projectsOf = (suite: string) => projects.filter((project) => suiteOf(project) === suite);
/** The projects a vitest run's `--project` arguments leave of those it would run: named ones, less any named with `!`. */
function projectsPicked(args: string[], candidates: string[]): string[] {
  const filters = args.filter((_, i) => args[i - 1] === "--project");
  const wanted = filters.filter((filter) => !filter.startsWith("!"));
  const excluded = filters.filter((filter) => filter.startsWith("!")).map((filter) => filter.slice(1));
  return candidates.filter((project) => (wanted.length === 0 || wanted.includes(project)) && !excluded.includes(project));
}
// unit-shared never takes a clock-bound file (vitest.config.ts): the run without them is all of it.
const clockless = (project: string) => project === "unit-shared";

describe("npm scripts", () => {
  it("test:<suite> runs that suite's vitest projects and no other", () => {
    expect(projects.sort()).toEqual(["cli", "http", "unit", "unit-shared"]);
    for (const suite of suiteNames) expect(scripts[`test:${suite}`], suite).toBe(`vitest run ${projectsOf(suite).map((project) => `--project ${project}`).join(" ")}`);
  });

  it("npm test builds, checks, and runs every suite (PostgreSQL too), the build before the type check and the tests", () => {
    expect(scripts.test).toBe("node scripts/test.mjs");
    const suites = STAGES.flat(2);
    for (const { script } of suites) expect(scripts[script], script).toBeDefined();
    expect([...new Set(suites.map((suite) => suite.script))].sort()).toEqual(
      ["build", "check:lint", "check:types", "test:vitest", ...suiteNames.map((suite) => `test:${suite}`), "test:e2e", "test:postgres"].sort(),
    );
    const stageOf = (name: string) => STAGES.findIndex((stage) => stage.flat().some((suite) => suite.name === name));
    for (const { name } of suites.filter((suite) => suite.name !== "build" && suite.name !== "lint")) expect(stageOf(name), name).toBeGreaterThan(stageOf("build"));
  });

  // A vitest run takes the files a project's folder holds, all of them or, by INKSTONE_TEST_CLOCK,
  // those tagged `clock` or the others (vitest.config.ts): each file must run once on SQLite and once
  // on PostgreSQL when it is tagged for it, whichever runs take it.
  it("npm test runs each vitest project's files, clock-bound or not, on SQLite and on PostgreSQL", () => {
    const runs = STAGES.flat(2).flatMap((suite) => {
      const clock = suite.env?.INKSTONE_TEST_CLOCK ?? "all";
      const engine = suite.script === "test:postgres" ? "postgres" : "sqlite";
      const every = suite.script === "test:postgres" || suite.script === "test:vitest";
      const candidates = every ? projects : suite.script.startsWith("test:") ? projectsOf(suite.script.slice("test:".length)) : [];
      return projectsPicked(suite.args ?? [], candidates).map((project) => `${engine} ${project} ${clock}`);
    });
    const covered = (engine: string, project: string) =>
      runs.includes(`${engine} ${project} all`) || (runs.includes(`${engine} ${project} skip`) && (clockless(project) || runs.includes(`${engine} ${project} only`)));
    for (const project of projects) expect(covered("sqlite", project), project).toBe(true);
    for (const project of ["unit", "http"]) expect(covered("postgres", project), project).toBe(true);
    expect(new Set(runs).size, runs.join("; ")).toBe(runs.length);
  });

  // A run left a database per test file, a home per CLI test and the converters' scratch behind:
  // a day's runs filled /tmp with gigabytes.
  it("npm test gives its suites one temporary folder of the run, and removes it at the end", () => {
    const outside = mkdtempSync(path.join(tmpdir(), "inkstone-npm-test-"));
    try {
      // An npm that writes a file where the suite is told to, and says where that was.
      const bin = path.join(outside, "bin");
      const seen = path.join(outside, "seen");
      mkdirSync(bin);
      writeFileSync(path.join(bin, "npm"), `#!/bin/sh\necho "$TMPDIR" > ${seen}\ntouch "$TMPDIR/left-behind"\n`);
      chmodSync(path.join(bin, "npm"), 0o755);
      execFileSync(process.execPath, ["scripts/test.mjs", "types"], { env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, TMPDIR: outside }, stdio: "pipe" });
      const given = readFileSync(seen, "utf8").trim();
      expect(path.dirname(given)).toBe(outside);
      expect(path.basename(given)).toMatch(/^inkstone-test-run-/);
      expect(existsSync(given)).toBe(false);
      expect(readdirSync(outside).sort()).toEqual(["bin", "seen"]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
