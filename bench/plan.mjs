#!/usr/bin/env node
// `npm run bench:plan`: the outline of a 120-chapter, 600-scene book (issue 35, decision 0500).
// Target: the server reads it and the page renders it in ≤ 200 ms each. In one process, on a fresh
// SQLite database: six parts, 120 chapters, 600 scenes, every item planned (synopsis, status, POV,
// two characters, a label, a plotline). Printed beside baselines from the same run: the book's
// contents (the read the outline builds on) and the same table with empty plans. Median of rounds.
//
// Options: --rounds N (BENCH_ROUNDS, default 15)
import os from "node:os";
import { runInProcess } from "./in-process.mjs";
import { option } from "./options.mjs";

const rounds = Number(option("--rounds", "BENCH_ROUNDS", "15"));
const TARGET_MS = 200;

await runInProcess("plan", [rounds], (r) => {
  const ms = (value) => `${value.toFixed(1)} ms`.padStart(9);
  const verdict = (value) => (value <= TARGET_MS ? "met" : "MISSED");
  console.log(`bench:plan — ${r.items} outline rows (6 parts, 120 chapters, 600 scenes), ${rounds} rounds, median (SQLite, in process), load average ${os.loadavg()[0].toFixed(2)} on ${os.availableParallelism()} CPU(s)`);
  console.log(`server: the contents alone (baseline)      ${ms(r.contentsMs)}`);
  console.log(`server: the whole outline with every plan  ${ms(r.outlineMs)}  (target ≤ ${TARGET_MS} ms: ${verdict(r.outlineMs)})`);
  console.log(`page: the table with empty plans (baseline) ${ms(r.emptyRenderMs)}`);
  console.log(`page: the table rendered (React, to HTML)  ${ms(r.renderMs)}  (target ≤ ${TARGET_MS} ms: ${verdict(r.renderMs)}), ${r.htmlKb.toFixed(0)} KiB`);
});
