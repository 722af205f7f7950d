// @ts-check
// What `npm test` (scripts/test.mjs) runs: stages one after another, the npm scripts of a stage
// side by side. A suite's name is what `npm test -- <name> …` picks.

/** @typedef {{ name: string, script: string, args?: string[] }} Suite */

/** @type {Suite[][]} */
export const STAGES = [
  // The build writes the route types (<distDir>/types) that the type check reads; lint reads only
  // the sources.
  [
    { name: "build", script: "build", args: ["--if-stale"] },
    { name: "lint", script: "check:lint" },
  ],
  // The unit and HTTP suites each run alone: their files bound stalls and deadlines by the clock
  // (a cheap GET during an attack, a conversion's limit), which a busy neighbour on two cores
  // pushed past their limits.
  [{ name: "unit", script: "test:unit" }],
  [{ name: "http", script: "test:http" }],
  // These wait more than they compute (a browser drawing, a command's process starting), and their
  // limits are in tens of seconds: side by side they fill each other's idle time.
  [
    { name: "types", script: "check:types" },
    { name: "cli", script: "test:cli" },
    { name: "e2e", script: "test:e2e" },
  ],
];
