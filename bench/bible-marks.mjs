#!/usr/bin/env node
// `npm run bench:bible-marks`: the story bible's name marks in the chapter editor (issue 21 item 4),
// in the system Chromium, on a 10,000-word chapter with 300 entries (900 names with aliases).
//
// Bundles the real MarkdownEditor (bench/bible-marks-page.tsx, esbuild) into a page of its own, so
// no server is needed, and measures keystroke to paint as bench/editor.mjs does (keydown's
// timestamp to just after the next frame), typing mid-chapter:
//   - baseline: the same chapter with no bible (no marks)
//   - marked: the 300 entries marked, about one word in ten a name
// once for an English chapter and once for a Chinese one (where one-character names ask the
// browser's segmenter). Also: the time to mark the whole view once, when the entries arrive.
//
// Options: --keys N / BENCH_KEYS (default 300), --vsync (keep the frame-rate limit).
import { build } from "esbuild";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { chapterText } from "./chapter-text.mjs";
import { keystrokesToPaint } from "./keystrokes.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WORDS = 10_000;
const ENTRIES = 300;
const TARGET_P95_MS = 16;
const i = process.argv.indexOf("--keys");
const keys = Number(i !== -1 ? process.argv[i + 1] : (process.env.BENCH_KEYS ?? 300));
const vsync = process.argv.includes("--vsync");

let seed = 11;
const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
const pick = (list) => list[Math.floor(random() * list.length)];

/** 300 English entries, each a full name, the given name and a by-name. */
function englishEntries() {
  const starts = ["Al", "Be", "Cor", "Da", "El", "Fen", "Gar", "Hal", "Is", "Jor", "Kel", "Lyr", "Mor", "Ned", "Or", "Per", "Quin", "Ros", "Sel", "Tam"];
  const ends = ["a", "ric", "wen", "mond", "isse", "ton", "ia", "as", "eth", "o", "ard", "ine", "us", "ella", "an"];
  const families = ["Vane", "Ashdown", "Corlis", "Marrow", "Thistle", "Quayle", "Hobb", "Stroud", "Fenwick", "Larkin"];
  const entries = [];
  const used = new Set();
  while (entries.length < ENTRIES) {
    const given = pick(starts) + pick(ends);
    const full = `${given} ${pick(families)}`;
    if (used.has(given) || used.has(full)) continue;
    used.add(given).add(full);
    entries.push({ id: `e${entries.length}`, kind: pick(["character", "place", "object"]), names: [full, given, `${given}y`] });
  }
  return entries;
}

/** 300 Chinese entries: a three-character name, its two-character given name, and for some a one-character one. */
function chineseEntries() {
  const families = [..."赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜"];
  const given = [..."云亮飞羽备权瑜肃蒙逊忠昭泰凌统宁盖琬祎维攸彧嘉诩晏"];
  const entries = [];
  const used = new Set();
  while (entries.length < ENTRIES) {
    const short = pick(given) + pick(given);
    const full = pick(families) + short;
    if (used.has(short) || used.has(full)) continue;
    used.add(short).add(full);
    const names = [full, short];
    if (entries.length % 10 === 0 && !used.has(short[1])) {
      names.push(short[1]);
      used.add(short[1]);
    }
    entries.push({ id: `e${entries.length}`, kind: pick(["character", "place", "group"]), names });
  }
  return entries;
}

/** A Chinese chapter of about `characters` characters: sentences of common words, paragraphs of a few sentences. */
function chineseText(characters) {
  const words = "我们 时候 已经 看见 城外 大雨 忽然 众人 笑道 不知 如何 这般 说话 心中 一路 天色 渐晚 只见 门前 来了 消息 将军 兵马".split(" ");
  const paragraphs = [];
  let written = 0;
  while (written < characters) {
    let paragraph = "";
    for (let s = 0; s < 4; s++) {
      const length = 6 + Math.floor(random() * 10);
      paragraph += `${Array.from({ length }, () => pick(words)).join("")}${pick(["，", "。", "！", "？"])}`;
    }
    paragraphs.push(paragraph);
    written += paragraph.length;
  }
  return paragraphs.join("\n\n");
}

/** About one word in ten becomes one of the entries' names. */
function withNames(text, entries, language) {
  const names = entries.flatMap((entry) => entry.names);
  if (language === "en") return text.replace(/\b[a-z]+\b/g, (word) => (random() < 0.1 ? pick(names) : word));
  return text.replace(/[\u4e00-\u9fff]{2}/g, (word) => (random() < 0.1 ? pick(names) : word));
}

async function bundle() {
  const result = await build({
    entryPoints: [path.join(ROOT, "bench/bible-marks-page.tsx")],
    bundle: true,
    write: false,
    minify: true,
    format: "iife",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    tsconfig: path.join(ROOT, "tsconfig.json"),
    logLevel: "error",
  });
  return result.outputFiles[0].text;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(browser, script, bench) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.setContent(`<!doctype html><meta charset="utf-8"><style>body{font:18px/1.6 serif;max-width:40rem;margin:2rem auto}.bible-mark{text-decoration:underline dotted}</style><div id="root"></div>`);
  await page.evaluate((value) => (window.__bench = value), bench);
  const started = Date.now();
  await page.addScriptTag({ content: script });
  await page.waitForSelector(".cm-content");
  const marks = await page.evaluate(() => document.querySelectorAll(".bible-mark").length);
  const mounted = Date.now() - started;
  // Latin keys in the Chinese chapter too (see keystrokesToPaint): the line typed in is rescanned
  // (segmenter included) whatever is typed.
  const latencies = await keystrokesToPaint(page, page.locator(".cm-line", { hasText: /\S/ }).nth(3), keys);
  // The editor's own work per keystroke, without the browser's input and frame scheduling: less
  // sensitive to a busy machine than keystroke to paint.
  const timed = await page.evaluate((count) => window.__typeTimed(count), keys);
  await page.close();
  return { latencies, work: timed.update.sort((a, b) => a - b), marking: timed.marks.sort((a, b) => a - b), marks, mounted };
}

async function main() {
  const script = await bundle();
  const args = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"];
  if (!vsync) args.push("--disable-frame-rate-limit", "--disable-gpu-vsync");
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args });
  try {
    console.log(`bench:bible-marks — ${WORDS.toLocaleString("en")}-word chapters, ${ENTRIES} entries, ${keys} keys each, load average ${os.loadavg()[0].toFixed(2)}`);
    for (const language of ["en", "zh"]) {
      const entries = language === "en" ? englishEntries() : chineseEntries();
      const text = withNames(language === "en" ? chapterText(WORDS) : chineseText(WORDS * 1.5), entries, language);
      const names = entries.reduce((sum, entry) => sum + entry.names.length, 0);
      const baseline = await measure(browser, script, { text, language, entries: null });
      const marked = await measure(browser, script, { text, language, entries });
      const line = (label, { latencies, work, marking, marks, mounted }) =>
        `  ${label.padEnd(9)} key to paint p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${percentile(latencies, 95).toFixed(1)} ms  max ${latencies.at(-1).toFixed(1)} ms over ${latencies.length} keys\n` +
        `            update (dispatch to DOM) p50 ${percentile(work, 50).toFixed(2)} ms  p95 ${percentile(work, 95).toFixed(2)} ms` +
        (marking.length ? `; of which marking p50 ${percentile(marking, 50).toFixed(2)} ms  p95 ${percentile(marking, 95).toFixed(2)} ms` : "") +
        `\n            ${marks} marks on screen; mounted in ${mounted} ms`;
      console.log(`\n${language === "en" ? "English" : "Chinese"}: ${text.length.toLocaleString("en")} characters, ${names} names`);
      console.log(line("baseline", baseline));
      console.log(line("marked", marked));
      const p95 = percentile(marked.latencies, 95);
      console.log(`  target p95 < ${TARGET_P95_MS} ms with marks: ${p95 < TARGET_P95_MS ? "PASS" : "FAIL"}`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
