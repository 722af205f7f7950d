// @ts-check
// What `npm test` (scripts/test.mjs) runs: stages one after another; a stage's lanes side by side;
// a lane's suites one after another. A suite's name is what `npm test -- <name> …` picks.
import { postgresUnavailable } from "./postgres-cluster.mjs";

/**
 * @typedef {object} Suite
 * @property {string} name
 * @property {string} script  the npm script that runs it
 * @property {string[]} [args]
 * @property {() => string | undefined} [unavailable]  why it cannot run on this machine (it is then skipped, and said so)
 */

/** @type {Suite[][][]} */
export const STAGES = [
  // The build writes the route types (<distDir>/types) that the type check reads; lint reads only
  // the sources.
  [[{ name: "build", script: "build", args: ["--if-stale"] }], [{ name: "lint", script: "check:lint" }]],
  // The unit and HTTP suites each run alone: their files bound stalls and deadlines by the clock
  // (a cheap GET during an attack, a conversion's limit), which a busy neighbour on two cores
  // pushed past their limits.
  [[{ name: "unit", script: "test:unit" }]],
  [[{ name: "http", script: "test:http" }]],
  // These wait more than they compute (a browser drawing, a command's process starting), and their
  // limits are in tens of seconds: side by side they fill each other's idle time. The PostgreSQL
  // run (the tagged unit and HTTP files again, decision 0434) holds the same clock-bound files as
  // the unit and HTTP suites: it follows Playwright, the longest, so it runs alone or beside the
  // CLI's last files; beside both (a load of 15 on two cores) its jobs file missed its 6 s limits.
  [
    [
      { name: "types", script: "check:types" },
      { name: "cli", script: "test:cli" },
    ],
    [
      { name: "e2e", script: "test:e2e" },
      { name: "postgres", script: "test:postgres", unavailable: postgresUnavailable },
    ],
  ],
];
