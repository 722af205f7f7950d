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
  // Each suite keeps its files apart as before (one file at a time, its own server and database);
  // beside it run the others, whose waits (a server answering, a browser drawing, a converter
  // starting) fill the cores that one suite alone leaves idle.
  [
    { name: "types", script: "check:types" },
    { name: "unit", script: "test:unit" },
    { name: "http", script: "test:http" },
    { name: "cli", script: "test:cli" },
    { name: "e2e", script: "test:e2e" },
  ],
];
