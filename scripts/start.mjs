#!/usr/bin/env node
// @ts-check
// `npm start`: build if there is no build of the current sources, create the data folder, apply pending
// migrations (scripts/migrate.mjs), then run the server entry (server/entry/main.mjs) on PORT.
// `--dev` serves Next's development server through the same entry instead. (The server puts the
// database in WAL mode with synchronous=FULL when it connects: server/sql/sqlite.ts.)
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { constants } from "node:os";
import path from "node:path";
import { readEnv } from "../server/env-schema.mjs";
import { buildIsCurrent } from "./build-stamp.mjs";
import { migrate } from "./migrate.mjs";

try {
  process.loadEnvFile();
} catch {}

const dev = process.argv.includes("--dev");

try {
  // A wrong setting stops here, before a build or a migration runs.
  const env = readEnv(process.env);
  // Folders created here are for the server's user only; the server narrows the data folder and
  // the database file when it connects (server/sql/sqlite.ts).
  mkdirSync(env.INKSTONE_DATA_DIR, { recursive: true, mode: 0o700 });
  if (!dev && !buildIsCurrent(process.cwd(), env.NEXT_DIST_DIR)) {
    const why = existsSync(path.join(env.NEXT_DIST_DIR, "BUILD_ID")) ? "The sources changed since the last build" : "No build yet";
    console.log(`${why}: building (about a minute)…`);
    const built = spawnSync(process.execPath, [path.join("scripts", "build.mjs")], { stdio: "inherit" });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  migrate();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = spawn(process.execPath, [path.join("server", "entry", "main.mjs"), ...(dev ? ["--dev"] : [])], { stdio: "inherit" });
let stopAsked = false;
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.on(signal, () => {
    stopAsked = true;
    server.kill(signal);
  });
}
// A supervisor restarts on a non-zero status (systemd's Restart=on-failure): a server that ended
// because it was asked to stop exits 0; one killed by anything else (the kernel's OOM killer's
// SIGKILL) exits 128 + the signal's number, as a shell reports it (issue 34 item 4).
server.on("exit", (code, signal) => process.exit(code ?? (stopAsked ? 0 : 128 + (signal ? constants.signals[signal] : 0))));
