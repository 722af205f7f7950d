#!/usr/bin/env node
// `npm run bench:convert`: the conversion engine's fast paths against native pandoc on a generated
// 100,000-word, 30-chapter novel, and how long the main thread stalls while a long-tail (pandoc-wasm)
// conversion runs in the worker pool. See bench/README.md.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { buildWorker } from "../scripts/build-worker.mjs";

const root = process.cwd();
const dir = mkdtempSync(path.join(tmpdir(), "inkstone-bench-convert-"));
const strict = process.argv.includes("--strict");
// --pdf-only: just issue 19's PDF targets (the routes and the long tail take minutes on a busy machine).
const pdfOnly = process.argv.includes("--pdf-only");

// The engine is TypeScript: bundle it the way the worker is bundled (packages stay external).
const enginePath = path.join(root, ".build", "bench-convert-engine.mjs");
await build({
  entryPoints: [path.join(root, "server/convert/engine/index.ts")],
  outfile: enginePath,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
await buildWorker(root);
const engine = await import(pathToFileURL(enginePath).href);

/** A deterministic novel: 30 chapters of ~3,333 words, dialogue, emphasis, scene breaks, a few notes. */
function novel(target = 100_000, chapterCount = 30) {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const vocabulary = ("the harbour light keeper ferry fog bell morning evening letter drawer stone water wind salt rope boat island " +
    "she he they said asked walked turned looked waited remembered never always again slowly quietly under over across through " +
    "a an of to in on with from into before after while because though old new cold bright dark long small quiet").split(" ");
  const sentence = () => {
    const n = 8 + Math.floor(random() * 14);
    const words = Array.from({ length: n }, () => vocabulary[Math.floor(random() * vocabulary.length)]);
    if (random() < 0.15) words[3] = `*${words[3]}*`;
    const text = words.join(" ");
    return text[0].toUpperCase() + text.slice(1) + ".";
  };
  const chapters = [];
  let total = 0;
  for (let c = 1; c <= chapterCount; c++) {
    const parts = [`# Chapter ${c}`];
    let words = 0;
    let paragraphs = 0;
    const notes = [];
    while (words < target / chapterCount) {
      const sentences = Array.from({ length: 2 + Math.floor(random() * 4) }, sentence);
      let paragraph = sentences.join(" ");
      if (random() < 0.2) paragraph = `"${sentence()}" she said. ${paragraph}`;
      if (paragraphs === 10 && notes.length === 0) {
        notes.push(`[^c${c}]: ${sentence()}`);
        paragraph += `[^c${c}]`;
      }
      parts.push(paragraph);
      words += paragraph.split(/\s+/).length;
      if (++paragraphs % 25 === 0) parts.push("***");
    }
    total += words;
    chapters.push([...parts, ...notes].join("\n\n"));
  }
  return { markdown: `---\ntitle: "The Long Tide"\nauthor: "Bench Writer"\n---\n\n${chapters.join("\n\n")}\n`, words: total };
}

const { markdown, words } = novel();
const mdFile = path.join(dir, "novel.md");
writeFileSync(mdFile, markdown);
const mdBytes = new TextEncoder().encode(markdown);
console.log(`novel: ${words.toLocaleString("en-US")} words, 30 chapters, ${(mdBytes.length / 1024).toFixed(0)} KiB of Markdown\n`);

const pandocVersion = spawnSync("pandoc", ["--version"], { encoding: "utf8" });
const hasPandoc = pandocVersion.status === 0;

const ROUNDS = 3;
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function time(fn) {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/** The median of ROUNDS runs: one machine hiccup must not decide a ratio either way. */
async function timeMedian(fn) {
  const runs = [];
  for (let i = 0; i < ROUNDS; i++) runs.push(await time(fn));
  return { ms: median(runs.map((r) => r.ms)), value: runs[0].value };
}

function pandoc(args) {
  const runs = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const result = spawnSync("pandoc", args, { encoding: "utf8", maxBuffer: 1 << 28 });
    if (result.status !== 0) return { ok: false, error: result.stderr?.trim().split("\n")[0] };
    runs.push(performance.now() - start);
  }
  return { ms: median(runs), ok: true };
}

// Warm the pool on a small book (worker start, library loading and JIT are paid once per worker,
// not per request); every route then runs warm, as in a server that has converted before.
const small = new TextEncoder().encode("# A\n\nSome *text*.[^1]\n\n[^1]: A note.\n");
const smallDocx = (await engine.convert(small, "md", "docx")).bytes;
for (const to of ["epub", "pdf", "html"]) await engine.convert(small, "md", to);
await engine.convert(smallDocx, "docx", "md");

const docx = (await engine.convert(mdBytes, "md", "docx")).bytes;
const docxFile = path.join(dir, "novel.docx");
writeFileSync(docxFile, docx);

const routes = [
  { name: "md → docx", ours: () => engine.convert(mdBytes, "md", "docx"), theirs: ["-s", mdFile, "-o", path.join(dir, "p.docx")] },
  { name: "md → epub", ours: () => engine.convert(mdBytes, "md", "epub"), theirs: ["-s", mdFile, "-t", "epub3", "-o", path.join(dir, "p.epub")] },
  { name: "md → pdf", ours: () => engine.convert(mdBytes, "md", "pdf"), theirs: ["-s", mdFile, "-o", path.join(dir, "p.pdf")] },
  { name: "md → html", ours: () => engine.convert(mdBytes, "md", "html"), theirs: ["-s", mdFile, "-o", path.join(dir, "p.html")] },
  { name: "docx → md", ours: () => engine.convert(docx, "docx", "md"), theirs: [docxFile, "-t", "markdown", "-o", path.join(dir, "p.md")] },
  // Issue 19's target for ODT is "no slower than pandoc" (ratio ≥ 1), not 3×. It is written by the
  // engine's own writer (server/convert/engine/writers/odt.ts) since pandoc-wasm's took 2.5× native pandoc's time.
  { name: "md → odt", ours: () => engine.convert(mdBytes, "md", "odt"), theirs: ["-s", mdFile, "-o", path.join(dir, "p.odt")], target: 1 },
];

const rows = [];
let missed = false;
for (const route of pdfOnly ? [] : routes) {
  const ours = await timeMedian(route.ours);
  const theirs = hasPandoc ? pandoc(route.theirs) : null;
  const ratio = theirs?.ok ? theirs.ms / ours.ms : null;
  const target = route.target ?? 3;
  if (ratio !== null && ratio < target) missed = true;
  rows.push([
    route.name,
    `${ours.ms.toFixed(0)} ms`,
    `${(ours.value.bytes.length / 1024).toFixed(0)} KiB`,
    theirs ? (theirs.ok ? `${theirs.ms.toFixed(0)} ms` : `n/a (${theirs.error})`) : "not installed",
    ratio === null ? "—" : `${ratio.toFixed(1)}×`,
    ratio === null ? "—" : `${ratio >= target ? "PASS" : "FAIL"}${target === 3 ? "" : ` (≥ ${target}×)`}`,
  ]);
}

// Responsiveness: the longest stall of this (the caller's) event loop while pandoc-wasm converts
// the whole novel to DocBook in the worker pool (a format pandoc still writes: ODT no longer is): once while pandoc loads and compiles in a fresh
// worker (cold: its WebAssembly compiles on V8's background threads, which share the two cores),
// once with pandoc loaded (warm).
async function stallDuring(fn) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let longest = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 10);
    last = now;
  }, 10);
  histogram.enable();
  const run = await time(fn);
  histogram.disable();
  clearInterval(probe);
  return { ms: run.ms, stall: Math.max(longest, histogram.max / 1e6), p99: histogram.percentile(99) / 1e6 };
}
const LONG_TAIL = "docbook";
const cold = pdfOnly ? null : await stallDuring(() => engine.convert(mdBytes, "md", LONG_TAIL, { timeoutMs: 600_000 }));
const warm = pdfOnly ? null : await stallDuring(() => engine.convert(mdBytes, "md", LONG_TAIL, { timeoutMs: 600_000 }));

const header = ["route", "Inkstone", "output", "native pandoc", "ratio", "target ≥ 3×"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join("  ");
console.log(hasPandoc ? `native: ${pandocVersion.stdout.split("\n")[0]} (a separate process per conversion)\n` : "native pandoc: not installed\n");
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log("");
for (const [name, run] of pdfOnly ? [] : [["cold", cold], ["warm", warm]]) {
  console.log(
    `long tail (${name}): md → ${LONG_TAIL} through pandoc-wasm took ${(run.ms / 1000).toFixed(1)} s; main-thread event loop: ` +
      `longest stall ${run.stall.toFixed(0)} ms, p99 delay ${run.p99.toFixed(0)} ms (target < 100 ms: ${run.stall < 100 ? "PASS" : "FAIL"})`,
  );
}
if (warm && warm.stall >= 100) missed = true;

missed = (await printTargets()) || missed;

rmSync(dir, { recursive: true, force: true });
rmSync(enginePath, { force: true });
process.exit(strict && missed ? 1 : 0);

// ---- Issue 19: a PDF fit to print. A 120,000-word novel in ≤ 3 s and a 731,058-character Chinese
// novel (红楼梦's length, generated) in ≤ 10 s, with every character found by pdftotext; before
// (the pdfkit writer as it was in git, `PDFKIT_COMMIT`) and after (Typst), in this one run.
// pdfkit is no longer a dependency (11 MB and 15 packages for this one row): the "before" row runs
// only when it is installed by hand (`npm install --no-save pdfkit@0.20.2`).
async function printTargets() {
  const PDFKIT_COMMIT = "7465abd";
  const english = novelModel(novel(120_000, 40).markdown);
  const chinese = chineseNovel(731_058, 120);
  const chineseLength = chinese.chapters.reduce((n, c) => n + c.title.length + c.markdown.replace(/\n/g, "").length, 0);
  console.log(`\nPDF targets (issue 19): ${english.chapters.length} English chapters; ${chinese.chapters.length} Chinese chapters, ${chineseLength.toLocaleString("en-US")} characters`);
  const hasPdftotext = spawnSync("pdftotext", ["-v"]).status === 0;
  const before = await pdfkitWriter(PDFKIT_COMMIT);
  const rows = [];
  let failed = false;
  for (const [name, model, limit] of [["120,000-word novel", english, 3_000], ["731,058-character Chinese novel", chinese, 10_000]]) {
    for (const [writer, write] of [["before: pdfkit", before], ["after: Typst", (m) => engine.writeDocument(m, "pdf", { timeoutMs: 600_000 })]]) {
      if (typeof write === "string") {
        rows.push([name, writer, `n/a (${write})`, "", "", "", ""]);
        continue;
      }
      const run = await time(() => write(model));
      const found = hasPdftotext ? charactersFound(model, run.value.bytes) : null;
      const pass = run.ms <= limit && (found === null || found === 1);
      if (writer.startsWith("after") && !pass) failed = true;
      rows.push([name, writer, `${(run.ms / 1000).toFixed(1)} s`, `${(run.value.bytes.length / 1024).toFixed(0)} KiB`, found === null ? "no pdftotext" : `${(found * 100).toFixed(2)} %`, `≤ ${limit / 1000} s, 100 %`, writer.startsWith("after") ? (pass ? "PASS" : "FAIL") : "—"]);
    }
  }
  const header = ["PDF of", "writer", "time", "output", "characters found", "target", ""];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join("  ");
  console.log(`\n${line(header)}`);
  for (const row of rows) console.log(line(row));
  return failed;
}

function novelModel(markdown) {
  const chapters = markdown.split(/^# /m).slice(1).map((part) => {
    const [title, ...rest] = part.split("\n");
    return { title, markdown: rest.join("\n").trim() };
  });
  return { title: "The Long Tide", author: "Bench Writer", language: "en", chapters };
}

/** A deterministic Chinese novel: paragraphs of common and rarer Han characters with full-width punctuation. */
function chineseNovel(characters, chapterCount) {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const common = "的一是不了人我在有他这中大来上个国到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坏兴跑".split("");
  const rare = Array.from({ length: 3000 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20900)));
  const marks = ["，", "，", "，", "。", "。", "、", "；", "：“", "”", "？", "！", "……"];
  const titles = Array.from({ length: chapterCount }, (_, i) => `第${i + 1}回　${common[i % common.length]}${common[(i * 7) % common.length]}${common[(i * 13) % common.length]}`);
  const body = characters - titles.join("").length;
  const chapters = [];
  for (const [index, title] of titles.entries()) {
    const want = index === chapterCount - 1 ? body - Math.floor(body / chapterCount) * (chapterCount - 1) : Math.floor(body / chapterCount);
    const paragraphs = [];
    let length = 0;
    while (length < want) {
      let paragraph = "";
      const size = Math.min(40 + Math.floor(random() * 260), want - length);
      while (paragraph.length < size) {
        paragraph += random() < 0.9 ? common[Math.floor(random() * common.length)] : rare[Math.floor(random() * rare.length)];
        if (random() < 0.08) paragraph += marks[Math.floor(random() * marks.length)];
      }
      paragraph = paragraph.slice(0, size);
      paragraphs.push(paragraph);
      length += paragraph.length;
    }
    chapters.push({ title, markdown: paragraphs.join("\n") });
  }
  return { title: "石头记", author: "无名", language: "zh", chapters };
}

/** The share of the book's printable characters (titles and prose, Markdown marks aside) that pdftotext finds, as a multiset. */
function charactersFound(model, pdf) {
  const file = path.join(dir, "found.pdf");
  writeFileSync(file, pdf);
  const extracted = spawnSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8", maxBuffer: 1 << 28 }).stdout;
  const counts = (text) => {
    const map = new Map();
    for (const char of text.replace(/[\s*\u00ad\u200b-\u200f\u202a-\u202e]/g, "")) map.set(char, (map.get(char) ?? 0) + 1);
    return map;
  };
  const want = counts([model.title, model.author, ...model.chapters.flatMap((c) => [c.title, c.markdown.replace(/\[\^[^\]]+\]:?/g, "")])].join(""));
  const got = counts(extracted);
  let total = 0;
  let found = 0;
  for (const [char, n] of want) {
    total += n;
    found += Math.min(n, got.get(char) ?? 0);
  }
  return found / total;
}

/**
 * The pdfkit writer as it was at `commit`, bundled from `git show`, run on this thread (as a worker
 * ran it); or why it cannot run.
 */
async function pdfkitWriter(commit) {
  try {
    import.meta.resolve("pdfkit");
  } catch {
    return "pdfkit not installed: npm install --no-save pdfkit@0.20.2";
  }
  const source = spawnSync("git", ["show", `${commit}:server/convert/engine/writers/pdf.ts`], { encoding: "utf8" });
  if (source.status !== 0) return "git show failed";
  const file = path.join(root, "server/convert/engine/writers", `.bench-pdfkit-${process.pid}.ts`);
  writeFileSync(file, source.stdout);
  const out = path.join(root, ".build", "bench-pdfkit.mjs");
  try {
    await build({ entryPoints: [file], outfile: out, bundle: true, platform: "node", format: "esm", target: "node20", packages: "external", logLevel: "warning", alias: { "@": root } });
  } finally {
    rmSync(file, { force: true });
  }
  const { writePdf } = await import(pathToFileURL(out).href);
  return (model) => writePdf(model);
}
