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

  it("npm test builds, checks, and runs every suite (PostgreSQL too), each once, the build before the type check and the tests", () => {
    expect(scripts.test).toBe("node scripts/test.mjs");
    const run = STAGES.flat(2).map((suite) => suite.script);
    expect([...run].sort()).toEqual(["build", "check:lint", "check:types", ...projects.map((p) => `test:${p}`), "test:e2e", "test:postgres"].sort());
    for (const script of run) expect(scripts[script], script).toBeDefined();
    const stageOf = (script: string) => STAGES.findIndex((stage) => stage.flat().some((suite) => suite.script === script));
    for (const script of run.filter((name) => name !== "build" && name !== "check:lint")) expect(stageOf(script), script).toBeGreaterThan(stageOf("build"));
  });
});
