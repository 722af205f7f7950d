#!/usr/bin/env node
// `npm run bench:segmenter`: the Chinese segmenter the analysis reads words with (jieba, taught a
// book's names as a user dictionary; server/text/segmenter.ts) on 1,000,000 Han characters of
// generated prose in 300 chapters, cut as the engine cuts them (each chapter's Han runs in one
// call), beside the baseline it replaced: Intl.Segmenter over the same runs, 64 characters at a
// time as the engine fed it. Also the one-off cost of loading the dictionary and teaching it.
// Target (issue 20): 1 M 字 with the user dictionary in ≤ 1 s. See bench/README.md.
import { fileURLToPath } from "node:url";
import { createJiti } from "jiti";
import { random } from "./seeded-random.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const jiti = createJiti(import.meta.url, { alias: { "@": root } });
const { chineseSegmenter } = await jiti.import("../server/text/segmenter.ts");
const { cutHanRuns } = await jiti.import("../server/analysis/engine/tokens.ts");

const TARGET_MS = 1_000;
const HAN = 1_000_000;
const CHAPTERS = 250;
const ROUNDS = Number(process.argv.includes("--rounds") ? process.argv[process.argv.indexOf("--rounds") + 1] : 5);

const WORDS = (
  "我们 他们 今天 明天 弟子 山门 院子 练剑 下山 城里 客栈 长剑 江湖 门派 天色 远处 钟声 月光 风雪 小路 河水 茶杯 " +
  "桌子 窗外 心里 忽然 慢慢 终于 已经 还是 仿佛 似乎 一起 突然 走进 看见 听见 想起 回头 点头 摇头 低头 抬头 笑了 " +
  "叹气 沉默 离开 等待 出发 回来 大喜 大怒 引兵 荆州 丞相 很 的 了 着 在 是 也 就 都 又 把 被 曰 道 说"
).split(" ");
// Fifty invented names (two and three characters) and the three-kingdoms names the issue names.
const SURNAMES = "林苏陈沈叶萧顾江楚秦".split("");
const GIVEN = "风晴默七辰雪寒云舟言".split("");
const NAMES = [...SURNAMES.flatMap((s, i) => [s + GIVEN[i], s + GIVEN[(i + 3) % 10] + GIVEN[(i + 7) % 10], s + GIVEN[(i + 5) % 10] + GIVEN[(i + 1) % 10]]), "玄德", "云长", "孔明", "翼德", "子龙", "李傕", "郭汜"];

function chapters() {
  const next = random(20);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const out = [];
  const perChapter = HAN / CHAPTERS;
  for (let c = 0; c < CHAPTERS; c++) {
    const runs = [];
    let left = perChapter;
    while (left > 0) {
      // A run is the Han text between two punctuation marks: a clause.
      let run = next() < 0.3 ? pick(NAMES) : "";
      const words = 1 + Math.floor(next() * 5);
      for (let w = 0; w < words; w++) run += pick(WORDS);
      run = run.slice(0, Math.min(left, run.length));
      left -= run.length;
      runs.push(run);
    }
    out.push(runs);
  }
  return out;
}

function median(values) {
  return [...values].sort((a, b) => a - b)[values.length >> 1];
}

const book = chapters();
const total = book.reduce((sum, runs) => sum + runs.reduce((s, run) => s + run.length, 0), 0);

let start = performance.now();
const taught = chineseSegmenter(NAMES);
const loadMs = performance.now() - start;

// Wall time, and this thread's CPU time: on a shared machine the CPU time is what an idle one's
// wall time would be.
const jiebaRuns = [];
const jiebaCpu = [];
let words = 0;
for (let round = 0; round < ROUNDS; round++) {
  start = performance.now();
  const cpu = process.cpuUsage();
  words = 0;
  for (const runs of book) for (const cut of cutHanRuns(runs, taught)) words += cut.length;
  jiebaRuns.push(performance.now() - start);
  const { user, system } = process.cpuUsage(cpu);
  jiebaCpu.push((user + system) / 1000);
}

const icu = new Intl.Segmenter("zh", { granularity: "word" });
const icuRuns = [];
const icuCpu = [];
let icuWords = 0;
for (let round = 0; round < ROUNDS; round++) {
  start = performance.now();
  const cpu = process.cpuUsage();
  icuWords = 0;
  for (const runs of book) {
    for (const run of runs) {
      for (let at = 0; at < run.length; at += 64) for (const { isWordLike } of icu.segment(run.slice(at, at + 64))) if (isWordLike) icuWords++;
    }
  }
  icuRuns.push(performance.now() - start);
  const { user, system } = process.cpuUsage(cpu);
  icuCpu.push((user + system) / 1000);
}

const jiebaMs = median(jiebaCpu);
const [load1] = (await import("node:os")).loadavg();
console.log(`${total.toLocaleString("en")} Han characters in ${CHAPTERS} chapters, ${NAMES.length} names taught; median of ${ROUNDS} rounds; load average ${load1.toFixed(1)}`);
console.log(`${"".padEnd(44)} ${"wall ms".padStart(8)} ${"CPU ms".padStart(8)}`);
console.log(`${"jieba: load and teach the dictionary, once".padEnd(44)} ${loadMs.toFixed(0).padStart(8)}`);
console.log(`${"jieba, taught (what the engine runs)".padEnd(44)} ${median(jiebaRuns).toFixed(0).padStart(8)} ${jiebaMs.toFixed(0).padStart(8)}  ${words.toLocaleString("en")} words`);
console.log(`${"baseline: Intl.Segmenter, 64 at a time".padEnd(44)} ${median(icuRuns).toFixed(0).padStart(8)} ${median(icuCpu).toFixed(0).padStart(8)}  ${icuWords.toLocaleString("en")} words`);
console.log(`target ≤ ${TARGET_MS} ms for 1 M 字 (CPU): ${jiebaMs <= TARGET_MS ? "ok" : "MISSED"}`);
