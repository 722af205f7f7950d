#!/usr/bin/env node
// `node bench/ledger.mjs`: what the writing ledger (issue 22) adds to a save, and how long a year
// of history takes to load. Targets: ≤ 0.3 ms CPU added to a save; ≤ 50 ms for a year.
//
// In one process and one run, on a fresh SQLite database in a temp folder: 20 chapters of ~3,000
// words, saved in turn with a few words typed into a paragraph (an autosave), through the save
// use case; then the ledger's own parts of a save, measured apart over the same kind of edits —
// reading the old text (which the save skipped before the ledger), the word diff, and the ledger's
// two statements (less an empty transaction) — so "before" is the save without them. Then a year
// of one writer's days over 3 books among 200 other writers' years, loaded as stats.history does.
// The server code is bundled with esbuild (as scripts/build-worker.mjs does) and run in process:
// the cost measured is the use cases', without HTTP (bench/api measures a whole save).
//
// Options: --saves N (BENCH_SAVES, default 2000)
import os from "node:os";
import { runInProcess } from "./in-process.mjs";
import { option } from "./options.mjs";

const saves = Number(option("--saves", "BENCH_SAVES", "2000"));
const TARGETS = { addedMs: 0.3, historyMs: 50 };

await runInProcess("ledger", [saves], (r) => {
  const ms = (value) => `${value.toFixed(3)} ms`;
  console.log(`bench:ledger — ${saves} autosaves of ~3,000-word chapters (SQLite, in process), load average ${os.loadavg()[0].toFixed(2)} on ${os.availableParallelism()} CPU(s)`);
  console.log(`save CPU, with the ledger:            ${ms(r.saveMs)}`);
  console.log(`save CPU, without it (before):        ${ms(r.beforeMs)}`);
  console.log(`added by the ledger:                  ${ms(r.ledgerMs)}  (target ≤ ${TARGETS.addedMs} ms: ${r.ledgerMs <= TARGETS.addedMs ? "met" : "MISSED"})`);
  console.log(`  reading the old text:               ${ms(r.readTextMs)}`);
  console.log(`  word diff of the changed lines:     ${ms(r.diffMs)}`);
  console.log(`  ledger statements (upsert, zone):   ${ms(r.ledgerStatementsMs)}`);
  console.log(`a year of history (${r.ledgerRows.toLocaleString("en")} ledger rows in all): ${ms(r.historyMs)} median  (target ≤ ${TARGETS.historyMs} ms: ${r.historyMs <= TARGETS.historyMs ? "met" : "MISSED"})`);
  console.log(`today with its streak:                ${ms(r.todayMs)} median`);
});
