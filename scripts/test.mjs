#!/usr/bin/env node
// @ts-check
// `npm test`: every suite, in stages (scripts/test-stages.mjs). A stage's lanes run side by side,
// a lane's suites one after another, each suite in its own process with its own server and
// database; the test files that bound a time by the clock run in a stage of their own. Each line of output
// carries its suite's name; a summary of each suite's time and result closes the run. A suite
// that fails does not stop the others: the run ends non-zero after all of them
// (docs/decisions/0433-npm-test-runs-its-suites-in-stages.md).
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import readline from "node:readline";
import { STAGES } from "./test-stages.mjs";

/** @typedef {{ name: string, code: number, seconds: number, cpuSeconds?: number, error?: Error, skipped?: string, tail?: string[], failedTests?: string[] }} Result */

// How many of a failed suite's last lines are printed again after the run: CI keeps only the end of
// the output, and the suites side by side interleave their lines, so a failure's report (which the
// test runners print last) would otherwise be lost among a later suite's lines.
const TAIL_LINES = 40;
// The lines that name a failed test (vitest's "FAIL"/"×", Playwright's "✘"), kept from anywhere in the output.
const FAILED_TEST = /(^|\s)(FAIL|×|✘)\s/u;
const FAILED_TESTS_KEPT = 30;

/** @param {string} line */
const stripAnsi = (line) => line.replace(/\u001b\[[0-9;]*m/gu, "");

/**
 * Runs one suite's npm script, its lines prefixed with its name.
 * @param {import("./test-stages.mjs").Suite} suite
 * @returns {Promise<Result>}
 */
function run({ name, script, args = [], env = {} }) {
  const started = Date.now();
  // bash's `times`, on a pipe of its own, says how much CPU the suite's processes took (servers,
  // browsers and workers it started and waited for included): on two cores the suites side by side
  // take turns, so a suite's wall time says little of what it costs, and its CPU time says what
  // moving or trimming it would save.
  const command = ["npm", "run", "--silent", script, ...(args.length > 0 ? ["--", ...args] : [])];
  const child = spawn("bash", ["-c", '"$@"; code=$?; times >&3; exit $code', "suite", ...command], {
    stdio: ["ignore", "pipe", "pipe", "pipe"],
    env: { ...process.env, TMPDIR: scratch, ...env },
  });
  let times = "";
  child.stdio[3]?.setEncoding("utf8").on("data", (part) => (times += part));
  const label = `[${name}]`.padEnd(10);
  /** @type {string[]} */
  const tail = [];
  /** @type {string[]} */
  const failedTests = [];
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on("line", (line) => {
      console.log(`${label} ${line}`);
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
      if (FAILED_TEST.test(stripAnsi(line)) && failedTests.length < FAILED_TESTS_KEPT) failedTests.push(line);
    });
  }
  return new Promise((resolve) => {
    child.on("error", (error) => resolve({ name, code: 1, seconds: 0, error }));
    // A suite killed by a signal has no exit code: it failed.
    child.on("close", (code) => resolve({ name, code: code ?? 1, seconds: (Date.now() - started) / 1000, cpuSeconds: childrenCpu(times), tail, failedTests }));
  });
}

/**
 * The user and system time of the children, from bash's `times` (its second line: "1m2.500s 0m3.250s").
 * @param {string} times
 * @returns {number | undefined}
 */
function childrenCpu(times) {
  const children = times.split("\n")[1] ?? "";
  const parts = [...children.matchAll(/(\d+)m([\d.]+)s/gu)].map(([, minutes, seconds]) => Number(minutes) * 60 + Number(seconds));
  return parts.length === 2 ? parts[0] + parts[1] : undefined;
}

/**
 * Runs a lane's suites one after another (those picked), skipping one that cannot run here.
 * @param {import("./test-stages.mjs").Suite[]} lane
 * @returns {Promise<Result[]>}
 */
async function runLane(lane) {
  /** @type {Result[]} */
  const results = [];
  for (const suite of lane.filter(picked)) {
    const reason = suite.unavailable?.();
    if (reason) console.log(`[${suite.name}] skipped: ${reason}`);
    results.push(reason ? { name: suite.name, code: 0, seconds: 0, skipped: reason } : await run(suite));
  }
  return results;
}

const only = process.argv.slice(2);
/** @param {import("./test-stages.mjs").Suite} suite */
const picked = (suite) => only.length === 0 || only.includes(suite.name);
// A misspelt suite would otherwise run nothing and pass.
const known = STAGES.flat(2).map((suite) => suite.name);
const unknown = only.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`npm test: no suite named ${unknown.join(", ")}; the suites are ${known.join(", ")}.`);
  process.exit(2);
}
// Every file the suites write to the temporary folder (a database per test file, a home per CLI
// test, converters' scratch, the servers' data) goes into one folder of this run, removed at its
// end: a run left about a thousand folders behind, and a day's runs filled /tmp (decision 0524).
const scratch = mkdtempSync(path.join(tmpdir(), "inkstone-test-run-"));
// Run as root, the PostgreSQL cluster's folder in it belongs to the user postgres, who must pass through.
chmodSync(scratch, 0o711);
const removeScratch = () => rmSync(scratch, { recursive: true, force: true });
process.on("SIGINT", () => {
  removeScratch();
  process.exit(130);
});

/** @type {Result[]} */
const results = [];
for (const stage of STAGES) {
  results.push(...(await Promise.all(stage.map(runLane))).flat());
}
for (const { name, code, tail = [], failedTests = [] } of results) {
  if (code === 0) continue;
  console.log(`\n${name} failed; the lines that name a failed test, then its last lines, again:`);
  for (const line of [...failedTests, "…", ...tail]) console.log(`  ${line}`);
}
console.log("\nnpm test:");
for (const { name, code, seconds, cpuSeconds, error, skipped } of results) {
  const outcome = skipped ? `skipped (${skipped})` : code === 0 ? "passed" : `FAILED (${error?.message ?? `exit ${code}`})`;
  const cpu = cpuSeconds === undefined ? "" : `, CPU ${Math.round(cpuSeconds)} s`;
  console.log(`  ${name.padEnd(8)} ${outcome}  ${Math.round(seconds)} s${cpu}`);
}
removeScratch();
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
