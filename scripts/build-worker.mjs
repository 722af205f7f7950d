#!/usr/bin/env node
// Bundles the worker-thread entry (server/workers/worker.ts) into .build/worker.mjs, a file Node
// loads at run time: Next bundles server code, so a worker_threads entry must live outside that
// bundle. Packages stay external and load from node_modules. Called by scripts/build.mjs,
// postinstall and the tests; takes well under a second.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export async function buildWorker(root = process.cwd()) {
  const outfile = path.join(root, ".build", "worker.mjs");
  await build({
    entryPoints: [path.join(root, "server/workers/worker.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildWorker();
}
