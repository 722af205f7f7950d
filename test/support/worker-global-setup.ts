import { buildWorker } from "../../scripts/build-worker.mjs";

// The worker pool loads its worker from a bundle; rebuilt before the unit files run, so it never
// runs stale engine code. Both unit projects ask for it (vitest.config.ts); the build is done once
// for the run, in vitest's own process, whichever asks first.
const BUILT = Symbol.for("inkstone.test.workerBuilt");
const run = globalThis as { [BUILT]?: Promise<string> };

export default async function setup() {
  await (run[BUILT] ??= buildWorker());
}
