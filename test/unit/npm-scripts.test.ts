import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import config from "@/vitest.config";
import { STAGES } from "@/scripts/test-stages.mjs";

// Each test script's name says the suite it runs (issue 18 item 6): `test:unit` once ran every
// vitest project. `npm test` still runs them all.
const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
const projects = (config.test?.projects ?? []).map((project) => (project as { test: { name: string } }).test.name);

describe("npm scripts", () => {
  it("test:<project> runs that vitest project and no other", () => {
    expect(projects.sort()).toEqual(["cli", "http", "unit"]);
    for (const project of projects) expect(scripts[`test:${project}`], project).toBe(`vitest run --project ${project}`);
  });

  it("npm test builds, checks, and runs every suite (PostgreSQL too), the build before the type check and the tests", () => {
    expect(scripts.test).toBe("node scripts/test.mjs");
    const suites = STAGES.flat(2);
    for (const { script } of suites) expect(scripts[script], script).toBeDefined();
    expect([...new Set(suites.map((suite) => suite.script))].sort()).toEqual(
      ["build", "check:lint", "check:types", "test:vitest", ...projects.map((p) => `test:${p}`), "test:e2e", "test:postgres"].sort(),
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
      if (suite.script === "test:postgres") return projects.map((project) => `postgres ${project} ${clock}`);
      const named = [...(suite.script.startsWith("test:") ? [suite.script.slice("test:".length)] : []), ...(suite.args ?? []).filter((_, i, args) => args[i - 1] === "--project")];
      return named.filter((project) => projects.includes(project)).map((project) => `sqlite ${project} ${clock}`);
    });
    const covered = (engine: string, project: string) => runs.includes(`${engine} ${project} all`) || (runs.includes(`${engine} ${project} only`) && runs.includes(`${engine} ${project} skip`));
    for (const project of projects) expect(covered("sqlite", project), project).toBe(true);
    for (const project of ["unit", "http"]) expect(covered("postgres", project), project).toBe(true);
    expect(new Set(runs).size, runs.join("; ")).toBe(runs.length);
  });
});
