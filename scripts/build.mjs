#!/usr/bin/env node
// `npm run build`: the Prisma clients, `next build`, then a record of the sources it was built from, so that
// `npm start` can tell a current build from a stale one (scripts/build-stamp.mjs). With `--if-stale`
// (as `npm test` runs it) a build of the current sources is kept, not made again.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { readEnv } from "../server/env-schema.mjs";
import { buildIsCurrent, recordBuild, sourceHash } from "./build-stamp.mjs";
import { buildWorker } from "./build-worker.mjs";

const root = process.cwd();
let distDir;
try {
  // A wrong setting stops the build at once (next.config.mjs reads it again in `next build`).
  distDir = readEnv(process.env).NEXT_DIST_DIR;
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// Taken first: an edit made while the build runs must make the next start build again.
const hash = sourceHash(root);
const ifStale = process.argv.includes("--if-stale");
const nextArguments = process.argv.slice(2).filter((argument) => argument !== "--if-stale");
if (ifStale && buildIsCurrent(root, distDir, hash)) {
  console.log(`The build in ${distDir} is of the current sources.`);
  process.exit(0);
}
// The Prisma clients are generated from the schema on install; a pulled schema change without a
// new `npm ci` would otherwise build against the old clients.
const generated = spawnSync("npm", ["run", "--silent", "db:generate"], { stdio: "inherit" });
if (generated.status !== 0) process.exit(generated.status ?? 1);
await buildWorker(root);
const result = spawnSync(path.join("node_modules", ".bin", "next"), ["build", ...nextArguments], { stdio: "inherit" });
if (result.status !== 0) process.exit(result.status ?? 1);
recordBuild(root, distDir, hash);
