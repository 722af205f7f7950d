#!/usr/bin/env node
// `npm run bench:corkboard`: how long a corkboard drag takes to commit on a 120-chapter, 600-scene
// book (issue 35, decision 0505). Target: ≤ 100 ms. In one process, on a fresh SQLite database: the
// use case a drop calls, from call to answer (what the board waits for before it shows the result),
// median and p95, beside the baseline of the same run: a scene's title changed, the cheapest write.
//
// Options: --rounds N (BENCH_ROUNDS, default 40)
import os from "node:os";
import { runInProcess } from "./in-process.mjs";
import { option } from "./options.mjs";

const rounds = Number(option("--rounds", "BENCH_ROUNDS", "40"));
const TARGET_MS = 100;

await runInProcess("corkboard", [rounds], (r) => {
  const ms = (value) => `${value.toFixed(1)} ms`.padStart(9);
  const row = (label, f, target) => console.log(`${label.padEnd(58)} ${ms(f.medianMs)} ${ms(f.p95Ms)}${target ? `  (target ≤ ${TARGET_MS} ms: ${f.p95Ms <= TARGET_MS ? "met" : f.medianMs <= TARGET_MS ? "median met, p95 MISSED" : "MISSED"})` : ""}`);
  console.log(`bench:corkboard — a drag on a book of 6 parts, 120 chapters, ${r.scenes} scenes; ${rounds} rounds each (SQLite, in process), load average ${os.loadavg()[0].toFixed(2)} on ${os.availableParallelism()} CPU(s)`);
  console.log(`${"".padEnd(58)} ${"median".padStart(9)} ${"p95".padStart(9)}`);
  row("baseline: a scene's title changed (before)", r.baselineBefore, false);
  row("drag a scene to a chapter of another part (moveScene)", r.move, true);
  row("drag a scene within its chapter (reorderScenes)", r.reorder, true);
  row("drag a chapter across parts (reorderContents)", r.chapterMove, true);
  row("baseline: a scene's title changed (after)", r.baselineAfter, false);
});
