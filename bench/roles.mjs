#!/usr/bin/env node
// `node bench/roles.mjs`: what the one policy over book members (issue 31) adds to a request.
// Target: a role check adds ≤ 0.2 ms. In one process, on a fresh SQLite database: 300 writers with
// 5 books each and 4 members on every book; loadBook for the owner and for a member (a join on
// the membership, then the policy), against the check as it stood before members (the book read,
// its owner compared), interleaved, CPU per call, median of the rounds.
//
// Options: --calls N (BENCH_CALLS, default 20000), --rounds N (BENCH_ROUNDS, default 5)
import os from "node:os";
import { runInProcess } from "./in-process.mjs";
import { option } from "./options.mjs";

const calls = Number(option("--calls", "BENCH_CALLS", "20000"));
const rounds = Number(option("--rounds", "BENCH_ROUNDS", "5"));
const TARGET_ADDED_MS = 0.2;

await runInProcess("role", [calls, rounds], (r) => {
  const ms = (us) => `${(us / 1000).toFixed(4)} ms`;
  const added = (Math.max(r.ownerUs, r.memberUs) - r.beforeUs) / 1000;
  console.log(`bench:roles — ${calls.toLocaleString("en")} calls × ${rounds} rounds, ${r.books.toLocaleString("en")} books, ${r.members.toLocaleString("en")} members, ${r.users} writers (SQLite, in process), load average ${os.loadavg()[0].toFixed(2)} on ${os.availableParallelism()} CPU(s)`);
  console.log(`before: the book, its owner compared: ${ms(r.beforeUs)} CPU per call (baseline)`);
  console.log(`loadBook as the owner:                ${ms(r.ownerUs)}`);
  console.log(`loadBook as a member (viewer):        ${ms(r.memberUs)}`);
  console.log(`added by the role check:              ${added.toFixed(4)} ms  (target ≤ ${TARGET_ADDED_MS} ms: ${added <= TARGET_ADDED_MS ? "met" : "MISSED"})`);
});
