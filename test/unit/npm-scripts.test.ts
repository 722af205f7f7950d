import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import config from "@/vitest.config";

// Each test script's name says the suite it runs (issue 18 item 6): `test:unit` once ran every
// vitest project. `npm test` still runs them all.
const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
const projects = (config.test?.projects ?? []).map((project) => (project as { test: { name: string } }).test.name);

describe("npm scripts", () => {
  it("test:<project> runs that vitest project and no other", () => {
    expect(projects.sort()).toEqual(["cli", "http", "unit"]);
    for (const project of projects) expect(scripts[`test:${project}`], project).toBe(`vitest run --project ${project}`);
  });

  it("npm test builds, checks, and runs every suite", () => {
    const steps = scripts.test!.split(" && ");
    expect(steps.slice(0, 2)).toEqual(["npm run build", "npm run check"]);
    expect(steps.slice(2).sort()).toEqual([...projects.map((p) => `npm run test:${p}`), "npm run test:e2e"].sort());
  });
});
