#!/usr/bin/env node
// `npm start`: build if there is no build of the current sources, create the data folder, apply pending migrations,
// then serve on PORT (default 3000). `--dev` serves with `next dev` instead. (The server puts the
// database in WAL mode with synchronous=FULL when it connects: server/sql/sqlite.ts.)
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { buildIsCurrent } from "./build-stamp.mjs";

try {
  process.loadEnvFile();
} catch {}

const dev = process.argv.includes("--dev");
const databaseUrl = process.env.DATABASE_URL ?? "file:./data/inkstone.db";
const dataDir = process.env.INKSTONE_DATA_DIR ?? "./data";
const port = process.env.PORT ?? "3000";
const bin = (name) => path.join("node_modules", ".bin", name);

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const postgres = /^postgres(ql)?:\/\//.test(databaseUrl);
if (!postgres && !databaseUrl.startsWith("file:")) {
  console.error(`DATABASE_URL must be a SQLite file: URL or a postgresql:// URL (got ${databaseUrl.split(":")[0]}:).`);
  process.exit(1);
}
// Folders created here are for the server's user only; the server narrows the data folder and
// the database file when it connects (server/sql/sqlite.ts).
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
if (!postgres) {
  // A missing folder makes Prisma fail with an unhelpful "External error id#0".
  const databaseFile = databaseUrl.slice("file:".length).split("?")[0];
  mkdirSync(path.dirname(path.resolve(databaseFile)), { recursive: true, mode: 0o700 });
}

const distDir = process.env.NEXT_DIST_DIR || ".next";
if (!dev && !buildIsCurrent(process.cwd(), distDir)) {
  const why = existsSync(path.join(distDir, "BUILD_ID")) ? "The sources changed since the last build" : "No build yet";
  console.log(`${why}: building (about a minute)…`);
  run(process.execPath, [path.join("scripts", "build.mjs")]);
}

// Each engine has its own migration history (prisma/migrations, prisma/migrations-postgres).
run(bin("prisma"), ["migrate", "deploy", ...(postgres ? ["--config", "prisma.postgres.config.ts"] : [])]);

const server = spawn(bin("next"), [dev ? "dev" : "start", "--port", port], {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: databaseUrl },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
