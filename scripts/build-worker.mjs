#!/usr/bin/env node
// Bundles the worker-thread entry (server/compose/worker.ts) into .build/worker.mjs, a file Node
// loads at run time: Next bundles server code, so a worker_threads entry must live outside that
// bundle. Packages stay external and load from node_modules. Each domain's engine, which the
// worker imports on its first task, is a chunk of its own under .build/worker-chunks/, so a
// worker that only analyses never loads the document readers and writers. Called by
// scripts/build.mjs, postinstall and the tests; takes well under a second.
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export async function buildWorker(root = process.cwd()) {
  const outdir = path.join(root, ".build");
  // Chunks are named by their content's hash: the last build's would otherwise pile up.
  await rm(path.join(outdir, "worker-chunks"), { recursive: true, force: true });
  await build({
    // The PDF writer's Typst compile runs in a child process of its own (typst-child.ts), SQLite's
    // checkpoints in a thread of their own (wal-checkpoint-thread.ts).
    entryPoints: {
      worker: path.join(root, "server/compose/worker.ts"),
      "typst-child": path.join(root, "server/convert/engine/writers/typst-child.ts"),
      "wal-checkpoint": path.join(root, "server/sql/wal-checkpoint-thread.ts"),
    },
    outdir,
    outExtension: { ".js": ".mjs" },
    splitting: true,
    chunkNames: "worker-chunks/[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
  return path.join(outdir, "worker.mjs");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildWorker();
}
