// Runs a TypeScript benchmark body (bench/*-cost.ts) in this process, on a fresh SQLite database in
// a temp folder: the server code is bundled with esbuild (as scripts/build-worker.mjs does), so the
// cost measured is the use cases', without HTTP. The body exports `run(...args)`.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { buildWorker } from "../scripts/build-worker.mjs";
import { migrate } from "../scripts/migrate.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Bundles `bench/<name>-cost.ts`, calls its `run(...args)` and passes the result to `report`; the temp folder goes afterwards. */
export async function runInProcess(name, args, report) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), `inkstone-bench-${name}-`));
  try {
    process.env.INKSTONE_DATA_DIR = tmp;
    process.env.DATABASE_URL = `file:${path.join(tmp, "bench.db")}`;
    process.env.INKSTONE_SIGNUP = "open";
    migrate(process.env, "pipe");
    await buildWorker(ROOT);
    // Under the app (not the temp folder), so that its packages resolve from node_modules.
    const bundle = path.join(ROOT, ".build", `bench-${name}.mjs`);
    await build({
      entryPoints: [path.join(ROOT, `bench/${name}-cost.ts`)],
      outfile: bundle,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      tsconfig: path.join(ROOT, "tsconfig.json"),
      logLevel: "warning",
    });
    // The worker pool finds its bundle under the working directory.
    process.chdir(ROOT);
    const { run } = await import(pathToFileURL(bundle).href);
    report(await run(...args));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  // The database connection and the worker pool would keep the process alive.
  process.exit(0);
}
