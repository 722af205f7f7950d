// Whether the build in a dist dir was made from the sources on disk. `npm start` after a
// `git pull` used to serve the old build (it built only when none existed) while applying the new
// migrations, so old code met a new schema. A build records a hash of what it was built from;
// a build whose hash differs from the sources' is rebuilt. Hashing files, not asking git, keeps
// this true for a tarball or a copy without .git.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readEnv } from "../server/env-schema.mjs";

/** What a build is made of: the app, the server code, the interface's words, the config, the schema and the dependencies. */
export const BUILD_INPUTS = [
  "app",
  "server",
  "i18n",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.mjs",
  "tsconfig.json",
  "package-lock.json",
  "prisma/schema.prisma",
];
// Generated from the schema (hashed above) on install; and the server entry, which runs from its
// source in front of the build and is no part of it.
const SKIPPED = new Set([path.join("server", "generated"), path.join("server", "entry")]);
const STAMP = "inkstone-sources.sha256";

function filesUnder(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full) || SKIPPED.has(relative)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, path.join(relative, name)));
}

export function sourceHash(root) {
  const hash = createHash("sha256");
  // A build-time setting: a benchmark's build (with its baseline route) is not a production build.
  hash.update(`INKSTONE_BENCH=${readEnv(process.env).INKSTONE_BENCH}\0`);
  for (const file of BUILD_INPUTS.flatMap((input) => filesUnder(root, input))) {
    hash.update(`${file}\0`).update(readFileSync(path.join(root, file))).update("\0");
  }
  return hash.digest("hex");
}

/** True when `distDir` holds a finished build of exactly these sources (`hash`, when the caller has it). */
export function buildIsCurrent(root, distDir, hash = sourceHash(root)) {
  const stamp = path.join(root, distDir, STAMP);
  if (!existsSync(path.join(root, distDir, "BUILD_ID")) || !existsSync(stamp)) return false;
  return readFileSync(stamp, "utf8").trim() === hash;
}

/** Called after a successful build, with the hash taken before it started. */
export function recordBuild(root, distDir, hash) {
  writeFileSync(path.join(root, distDir, STAMP), `${hash}\n`);
}
