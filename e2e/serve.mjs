#!/usr/bin/env node
// The Playwright web server: a fresh, migrated SQLite database in a temporary folder for every
// run, then the server entry `npm start` runs (server/entry/main.mjs) on E2E_PORT. Builds first
// when the dist dir holds no build of the current sources.
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIsCurrent } from "../scripts/build-stamp.mjs";
import { migrate } from "../scripts/migrate.mjs";
import { readEnv } from "../server/env-schema.mjs";

const port = process.env.E2E_PORT || "3400";
const dataDir = mkdtempSync(path.join(tmpdir(), "inkstone-e2e-"));
const env = {
  ...process.env,
  DATABASE_URL: `file:${path.join(dataDir, "inkstone.db")}`,
  INKSTONE_DATA_DIR: dataDir,
  PORT: port,
  INKSTONE_HOST: "127.0.0.1",
  // The tests open and sign in to well over a hundred accounts, all from 127.0.0.1: the per-address
  // budgets would refuse them (the per-e-mail sign-in limit stays, and auth.ui.spec.ts tests it).
  INKSTONE_SIGNUP_ATTEMPTS: "100000",
  INKSTONE_ADDRESS_ATTEMPTS: "100000",
  // Webhook receivers in the tests listen on 127.0.0.1.
  INKSTONE_WEBHOOKS_ALLOW_PRIVATE: "1",
};

try {
  if (!buildIsCurrent(process.cwd(), readEnv(env).NEXT_DIST_DIR)) {
    console.log("Building the current sources first…");
    const built = spawnSync(process.execPath, [path.join("scripts", "build.mjs")], { stdio: "inherit", env });
    if (built.status !== 0) throw new Error("the build failed");
  }
  migrate(env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}
console.log(`e2e: database in ${dataDir}`);

const server = spawn(process.execPath, [path.join("server", "entry", "main.mjs")], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});

// The first account is the server's admin: made here, before any test's, so that the admin's
// pages have a known admin (e2e/support.ts reads it back). Playwright waits for this line
// (playwright.config.ts, webServer.wait) and puts its named groups in the workers' environment.
const admin = { email: `admin-${randomUUID().slice(0, 8)}@example.com`, password: `admin password ${randomUUID()}`, name: "The Admin" };
const base = `http://127.0.0.1:${port}`;
for (;;) {
  const up = await fetch(`${base}/healthz`).then((response) => response.ok, () => false);
  if (up) break;
  await delay(100);
}
const signedUp = await fetch(`${base}/api/v1/users`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(admin) });
if (signedUp.status !== 201) {
  console.error(`e2e: the admin could not sign up: ${signedUp.status} ${await signedUp.text()}`);
  server.kill("SIGTERM");
} else {
  console.log(`e2e: ready; admin ${admin.email} password ${Buffer.from(admin.password).toString("base64url")}`);
}
