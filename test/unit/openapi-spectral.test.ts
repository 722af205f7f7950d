// Issue 17, item 12: Spectral's spectral:oas ruleset finds nothing in the OpenAPI document.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/server/http/openapi";
import { installedPackage } from "../support/third-party-tools";

// @stoplight/spectral-cli 6, as a third party would run it.
const spectralPackage = installedPackage("@stoplight/spectral-cli");
const spectral = spectralPackage && path.join(spectralPackage, "dist/index.js");

const work = mkdtempSync(path.join(tmpdir(), "inkstone-spectral-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(!spectral)("Spectral's spectral:oas ruleset", () => {
  it("reports no error and no warning", () => {
    writeFileSync(path.join(work, "openapi.json"), JSON.stringify(openApiDocument()));
    writeFileSync(path.join(work, ".spectral.yaml"), 'extends: ["spectral:oas"]\n');
    let output: string;
    try {
      output = execFileSync(process.execPath, [spectral!, "lint", "openapi.json", "-r", ".spectral.yaml", "-f", "json", "-q"], { cwd: work, encoding: "utf8" });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout);
    }
    const results = JSON.parse(output) as { code: string; path: string[]; message: string }[];
    expect(results.map((r) => `${r.code} ${r.path.join(".")}: ${r.message}`)).toEqual([]);
  }, 120_000);
});
