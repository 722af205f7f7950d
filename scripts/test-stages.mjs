// @ts-check
// What `npm test` (scripts/test.mjs) runs: stages one after another; a stage's lanes side by side;
// a lane's suites one after another. A suite's name is what `npm test -- <name> …` picks.
import { postgresUnavailable } from "./postgres-cluster.mjs";

/**
 * @typedef {object} Suite
 * @property {string} name
 * @property {string} script  the npm script that runs it
 * @property {string[]} [args]
 * @property {Record<string, string>} [env]
 * @property {() => string | undefined} [unavailable]  why it cannot run on this machine (it is then skipped, and said so)
 */

// vitest.config.ts: the files tagged `clock` bound a time by the wall clock and need the machine to
// themselves; every other file bounds nothing but its own test timeouts.
const CLOCK_ONLY = { INKSTONE_TEST_CLOCK: "only" };
const CLOCK_SKIPPED = { INKSTONE_TEST_CLOCK: "skip" };

/** @type {Suite[][][]} */
export const STAGES = [
  // The build writes the route types (<distDir>/types) that the type check reads; lint reads only
  // the sources.
  [[{ name: "build", script: "build", args: ["--if-stale"] }], [{ name: "lint", script: "check:lint" }]],
  // The unit and HTTP files that bound a time by the clock, then PostgreSQL's, one file at a time
  // with nothing beside them: a busy neighbour on two cores pushed their cheap GETs and job starts
  // past their limits.
  [
    [
      { name: "clock", script: "test:vitest", args: ["--project", "unit", "--project", "http"], env: CLOCK_ONLY },
      { name: "pg-clock", script: "test:postgres", env: CLOCK_ONLY, unavailable: postgresUnavailable },
    ],
  ],
  // Everything else side by side, in three lanes that take about as long as each other here
  // (decisions 0456, 0517, 0529). The two cores are the limit (Playwright alone keeps 1.4 of them busy,
  // Chromium included), so lanes of one length keep both busy to the end; more at once (Playwright's
  // two workers and the CLI's two files) raised the load to 17, and two CLI tests missed their 60 s.
  // PostgreSQL's files run in two suites, each on a cluster of its own, at the ends of two lanes: as
  // one suite behind Playwright (stop 50: e2e 530 s, then PostgreSQL 290) it ran its last 80 s
  // alone, on about one core, while the unit lane had ended 280 s before.
  [
    [
      // No trace of each test (playwright.config.ts): a quarter of Chromium's CPU, and CI keeps no files.
      { name: "e2e", script: "test:e2e", env: { E2E_TRACE: "off" } },
      { name: "pg-http", script: "test:postgres", args: ["--project", "http"], env: CLOCK_SKIPPED, unavailable: postgresUnavailable },
    ],
    [
      { name: "cli", script: "test:cli" },
      { name: "http", script: "test:http", env: CLOCK_SKIPPED },
    ],
    [
      { name: "types", script: "check:types" },
      { name: "unit", script: "test:unit", env: CLOCK_SKIPPED },
      // every other project's files on PostgreSQL (the use cases')
      { name: "pg-unit", script: "test:postgres", args: ["--project", "!http"], env: CLOCK_SKIPPED, unavailable: postgresUnavailable },
    ],
  ],
];
