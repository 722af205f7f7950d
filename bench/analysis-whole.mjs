// `npm run bench:analysis -- --whole [--server]` (issue 20 §4): every built-in template in one run
// on a 120,000-word English novel (30 chapters) and on a 3,000,000-字 Chinese web novel (1,000
// chapters), generated the same every run. In process: the engine's CPU time and wall time (the
// book read once for all templates). With --server: through the API on a fresh server (POST
// /api/v1/books/{id}/analyses/batch with "installed", one job, one task in the worker pool), the
// wall time to the finished job, the server's CPU, and the p99 of a cheap authenticated GET
// (/api/v1/users/me every 20 ms, bench/probe.mjs) while it runs against the same probe idle.
// Targets: English ≤ 0.5 s CPU; 3 M 字 ≤ 20 s wall; GET p99 rises ≤ 50 ms.
import { setTimeout as sleep } from "node:timers/promises";

const EN_CPU_TARGET_MS = 500;
const ZH_WALL_TARGET_MS = 20_000;
const P99_RISE_TARGET_MS = 50;
const EN_WORDS = 120_000;
const ZH_CHARACTERS = 3_000_000;
const ZH_CHAPTERS = 1_000;

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok) => (ok ? "ok" : "MISSED");

function cpuNow() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function inProcess(label, book, run, rounds) {
  const first = { wall: performance.now(), cpu: cpuNow() };
  const reports = await run(book);
  first.wall = performance.now() - first.wall;
  first.cpu = cpuNow() - first.cpu;
  const runs = [];
  for (let round = 1; round < rounds; round++) {
    const wall = performance.now();
    const cpu = cpuNow();
    await run(book);
    runs.push({ wall: performance.now() - wall, cpu: cpuNow() - cpu });
  }
  runs.sort((a, b) => a.wall - b.wall);
  const median = runs[runs.length >> 1] ?? first;
  console.log(
    `${label.padEnd(44)} first run ${s(first.wall)} wall / ${s(first.cpu)} CPU; ` +
      (runs.length ? `warm median of ${runs.length}: ${s(median.wall)} wall / ${s(median.cpu)} CPU` : "(one round)") +
      `; ${reports.length} reports, ${reports[0].words.toLocaleString("en")} words`,
  );
  return { first, median };
}

/** Runs every installed template on the book through the API, to the job's end: 201, or what failed. */
async function finishedBatch(base, token, bookId) {
  const { api } = await import("./server.mjs");
  const answer = await fetch(`${base}/api/v1/books/${bookId}/analyses/batch`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ templates: "installed" }),
  });
  const body = await answer.json();
  if (answer.status !== 202) return answer.status;
  for (;;) {
    const job = (await api(base, "GET", `/api/v1/jobs/${body.data.id}`, { token, expect: 200 })).data;
    if (job.status === "succeeded" || job.status === "failed") return job.status === "succeeded" ? 201 : `job ${job.status}: ${JSON.stringify(job.error)}`;
    await sleep(50);
  }
}

export async function wholeBooks({ englishBook, chineseBook, BUILT_IN_TEMPLATES, analyzeBookWithTemplates, rounds, server }) {
  const definitions = BUILT_IN_TEMPLATES.map((t) => t.definition);
  const english = englishBook(EN_WORDS, 30);
  const chinese = chineseBook(ZH_CHARACTERS, ZH_CHAPTERS);
  console.log(`Every built-in template (${BUILT_IN_TEMPLATES.length}) in one run, the book read once`);
  if (!server) {
    const run = (book) => analyzeBookWithTemplates(definitions, book);
    const en = await inProcess("English, 120,000 words, 30 chapters", english, run, Math.max(3, rounds));
    console.log(`  target ≤ ${EN_CPU_TARGET_MS} ms CPU (warm): ${verdict(en.median.cpu <= EN_CPU_TARGET_MS)}`);
    const zh = await inProcess("Chinese, 3,000,000 字, 1,000 chapters", chinese, run, 2);
    console.log(`  target ≤ ${ZH_WALL_TARGET_MS / 1000} s wall: ${verdict(zh.median.wall <= ZH_WALL_TARGET_MS)}`);
    return;
  }
  const { api, benchDatabase, benchWriter, cpuMsOf } = await import("./server.mjs");
  const { startProbe } = await import("./probe.mjs");
  const database = await benchDatabase("sqlite");
  try {
    const { base, pid } = await database.start();
    const token = await benchWriter(base);
    const templates = (await api(base, "GET", "/api/v1/analysis/search?per_page=100", { token, expect: 200 })).data.filter((t) => t.builtIn);
    for (const t of templates) await api(base, "POST", "/api/v1/analysis/install", { token, body: { templateId: t.id }, expect: 201 });

    // A running server has loaded its routes and started its pool's workers long before: one run on
    // a one-chapter book first, so the figures are a run's and not the first request's after a start
    // (loading the batch and jobs routes held the web thread for some 200 ms, once).
    const warmBook = (await api(base, "POST", "/api/v1/books", { token, body: { title: "Warm-up", type: "novel", description: "" }, expect: 201 })).data.id;
    await api(base, "POST", `/api/v1/books/${warmBook}/chapters`, { token, body: { title: "One", content: "A short chapter, said Anna." }, expect: 201 });
    await finishedBatch(base, token, warmBook);

    const idle = await startProbe(base, token);
    await sleep(10_000);
    const idleFigures = await idle.stop();
    console.log(`GET /api/v1/users/me idle, 10 s: p50 ${idleFigures.p50.toFixed(1)} ms, p99 ${idleFigures.p99.toFixed(1)} ms, max ${idleFigures.max.toFixed(1)} ms (${idleFigures.sent} sent)`);

    for (const [label, book, target] of [
      ["English, 120,000 words, 30 chapters", english, null],
      ["Chinese, 3,000,000 字, 1,000 chapters", chinese, ZH_WALL_TARGET_MS],
    ]) {
      const bookId = (await api(base, "POST", "/api/v1/books", { token, body: { title: book.title, type: "novel", description: "" }, expect: 201 })).data.id;
      const queue = [...book.chapters];
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let chapter = queue.shift(); chapter; chapter = queue.shift()) {
            await api(base, "POST", `/api/v1/books/${bookId}/chapters`, { token, body: { title: chapter.title, content: chapter.content }, expect: 201 });
          }
        }),
      );
      await sleep(2_000);
      const probe = await startProbe(base, token);
      const cpuBefore = cpuMsOf(pid);
      const started = performance.now();
      const status = await finishedBatch(base, token, bookId);
      const wall = performance.now() - started;
      const cpu = cpuMsOf(pid) - cpuBefore;
      const figures = await probe.stop();
      const reuseStart = performance.now();
      const again = await api(base, "POST", `/api/v1/books/${bookId}/analyses/batch`, { token, body: { templates: "installed" } });
      const reuseMs = performance.now() - reuseStart;
      console.log(`\n${label}, through the API: ${status === 201 ? "succeeded" : status}`);
      console.log(`  wall, request to finished job ${s(wall)}${target ? ` — target ≤ ${target / 1000} s: ${verdict(wall <= target)}` : ""}; server process CPU ${s(cpu)} (web thread, workers, SQLite)`);
      const rise = figures.p99 - idleFigures.p99;
      console.log(
        `  GET p99 meanwhile ${figures.p99.toFixed(1)} ms (p50 ${figures.p50.toFixed(1)}, max ${figures.max.toFixed(1)}, ${figures.sent} sent), idle ${idleFigures.p99.toFixed(1)} ms: ` +
          `rise ${rise.toFixed(1)} ms — target ≤ ${P99_RISE_TARGET_MS}: ${verdict(rise <= P99_RISE_TARGET_MS)}`,
      );
      console.log(`  the same request again (book unchanged): ${reuseMs.toFixed(0)} ms, ${again?.data?.reused?.length ?? 0} of ${templates.length} results reused`);
    }
  } finally {
    await database.stop();
  }
}
