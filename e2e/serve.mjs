#!/usr/bin/env node
// The Playwright web server: a fresh, migrated SQLite database in a temporary folder for every
// run, then `next start` on E2E_PORT. Builds first when the dist dir holds no build of the current sources.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIsCurrent } from "../scripts/build-stamp.mjs";

const port = process.env.E2E_PORT || "3400";
const distDir = process.env.NEXT_DIST_DIR || ".next";
const bin = (name) => path.join("node_modules", ".bin", name);

const dataDir = mkdtempSync(path.join(tmpdir(), "inkstone-e2e-"));
const env = {
  ...process.env,
  DATABASE_URL: `file:${path.join(dataDir, "inkstone.db")}`,
  INKSTONE_DATA_DIR: dataDir,
  NODE_ENV: "production",
};

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
}

if (!buildIsCurrent(process.cwd(), distDir)) {
  console.log("Building the current sources first…");
  run(process.execPath, [path.join("scripts", "build.mjs")]);
}
run(bin("prisma"), ["migrate", "deploy"]);
console.log(`e2e: database in ${dataDir}`);

const server = spawn(bin("next"), ["start", "--port", port, "--hostname", "127.0.0.1"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
