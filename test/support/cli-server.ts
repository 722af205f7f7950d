import { execFileSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { signUpAdmin, startServer } from "./server";

/**
 * Short, so the CLI tests see access tokens expire and get refreshed; long enough that a token
 * (personal ones too) outlives the handful of commands a test runs with it on a loaded machine.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15;

/**
 * The CLI tests run the bundled `inkstone` (built here, as postinstall builds it) against a real
 * server (server/entry/main.mjs) on a fresh database, with access tokens that live seconds.
 */
export default async function setup(project: TestProject) {
  execFileSync(process.execPath, ["scripts/build-cli.mjs"], { stdio: "inherit" });
  const server = await startServer({ INKSTONE_ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS) });
  try {
    // The first account is the admin: taken here, so that the tests' writers are writers.
    project.provide("admin", await signUpAdmin(server.baseUrl));
  } catch (error) {
    server.stop();
    throw error;
  }
  project.provide("baseUrl", server.baseUrl);
  project.provide("jwtSecret", server.jwtSecret);
  return () => server.stop();
}
