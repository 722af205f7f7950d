import { execFileSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import serveHttpTests from "./server";

/**
 * The CLI tests run the bundled `inkstone` (built here, as postinstall builds it) against the
 * server the HTTP tests use: real, on a fresh database, with tokens that live as long as in
 * production (a test that needs an expired one signs it with `expiredCopy` rather than waiting).
 */
export default async function setup(project: TestProject) {
  execFileSync(process.execPath, ["scripts/build-cli.mjs"], { stdio: "inherit" });
  return serveHttpTests(project);
}
