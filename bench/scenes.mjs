#!/usr/bin/env node
// `npm run bench:scenes`: what scene bookkeeping (decision 0499) adds to a save. Issue 35's target:
// "scene bookkeeping adds nothing measurable to a save".
//
// In one process and one run, on a fresh SQLite database in a temp folder: two copies of one long
// chapter (20 scenes of ~1,500 words, "* * *" between them), one split into 20 scenes and one not,
// saved in turn with a few words typed into a paragraph (an autosave) through the save use case,
// interleaved so that drift falls on both. Printed side by side: the median CPU and wall time of a
// save of each, and the difference. The server code is bundled with esbuild and run in process
// (bench/in-process.mjs): the use case's cost, without HTTP.
//
// Options: --saves N (BENCH_SAVES, default 300), --words-per-scene N (BENCH_WORDS_PER_SCENE, 1500)
import os from "node:os";
import { runInProcess } from "./in-process.mjs";
import { option } from "./options.mjs";

const saves = Number(option("--saves", "BENCH_SAVES", "300"));
const wordsPerScene = Number(option("--words-per-scene", "BENCH_WORDS_PER_SCENE", "1500"));

await runInProcess("scenes", [saves, wordsPerScene], (r) => {
  const ms = (value) => `${value.toFixed(3)} ms`.padStart(10);
  console.log(`bench:scenes — ${saves} autosaves each of a ${r.words.toLocaleString("en")}-word chapter (${r.characters.toLocaleString("en")} characters), SQLite, in process; load average ${os.loadavg()[0].toFixed(2)} on ${os.availableParallelism()} CPU(s)`);
  console.log(`                         without scenes   with ${r.scenes} scenes   difference`);
  console.log(`save CPU (median)        ${ms(r.plainCpuMs)}       ${ms(r.scenedCpuMs)}    ${ms(r.scenedCpuMs - r.plainCpuMs)}`);
  console.log(`save wall (median)       ${ms(r.plainWallMs)}       ${ms(r.scenedWallMs)}    ${ms(r.scenedWallMs - r.plainWallMs)}`);
  console.log(`scenes that kept their id through every save: ${r.scenesKept} of ${r.scenes}`);
});
