#!/usr/bin/env node
// `npm run bench:writers`: how many writers one instance carries. An open-loop simulation: each
// writer autosaves its own 3,000-word chapter with a small edit every 3 s (PUT with the version of
// its last save) and lists its books and reads a chapter every 30 s, at a phase of its own. Saves
// are sent when they are due, whatever came before; a writer whose last save has not returned
// sends when it does (it needs the version), and the wait counts in the latency. N rises in steps
// until the save p99 passes 100 ms or a request fails; the same steps then run against a bare PUT
// route of the same body size (the ceiling: Next.js receiving the bytes, no app). See bench/README.md.
//
//   --steps 100,200,…   BENCH_STEPS      writer counts to try (default 100,250,500,750,1000,1250,1500,2000)
//   --seconds S         BENCH_SECONDS    measured seconds per step, after 6 s of ramp-up (default 20)
//   --database e        BENCH_DATABASE   sqlite (default) or postgres
import os from "node:os";
import { api, benchDatabase, benchWriter, cpuMsOf, prose } from "./server.mjs";

const option = (flag, name, fallback) => {
  const i = process.argv.indexOf(flag);
  return i !== -1 ? process.argv[i + 1] : (process.env[name] ?? fallback);
};
const STEPS = option("--steps", "BENCH_STEPS", "100,250,500,750,1000,1250,1500,2000").split(",").map(Number);
const SECONDS = Number(option("--seconds", "BENCH_SECONDS", "20"));
const ENGINE = option("--database", "BENCH_DATABASE", "sqlite");
const RAMP_SECONDS = 6;
const SAVE_EVERY = 3_000;
const BROWSE_EVERY = 30_000;
const P99_LIMIT = 100;
const WORDS = 3_000;

const percentile = (values, p) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Runs N writers for ramp + SECONDS; `save(writer)` and `browse(writer)` make the requests. */
async function simulate(n, { save, browse }) {
  const start = performance.now() + 100;
  const end = start + (RAMP_SECONDS + SECONDS) * 1000;
  const measureFrom = start + RAMP_SECONDS * 1000;
  const latencies = [];
  let failures = 0;
  let firstFailure = null;
  const timers = [];
  const writers = Array.from({ length: n }, (_, i) => ({ i, busy: null }));

  const record = (due, outcome) => {
    if (due < measureFrom) return;
    if (outcome === true) latencies.push(performance.now() - due);
    else {
      failures += 1;
      firstFailure ??= outcome;
    }
  };
  const run = async (writer, due, request) => {
    // A writer's saves go one after another; a late one waits for the one before (counted).
    const before = writer.busy;
    const done = (async () => {
      await before;
      try {
        record(due, await request(writer));
      } catch (error) {
        record(due, String(error?.cause?.code ?? error));
      }
    })();
    writer.busy = done;
  };
  const schedule = (writer, first, every, request) => {
    const tick = (due) => {
      if (due > end) return;
      timers.push(setTimeout(() => {
        void run(writer, due, request);
        tick(due + every);
      }, Math.max(0, due - performance.now())));
    };
    tick(first);
  };
  for (const writer of writers) {
    schedule(writer, start + Math.random() * SAVE_EVERY, SAVE_EVERY, save);
    if (browse) schedule(writer, start + Math.random() * BROWSE_EVERY, BROWSE_EVERY, browse);
  }
  await new Promise((resolve) => setTimeout(resolve, end - performance.now() + 50));
  await Promise.all(writers.map((w) => w.busy));
  timers.forEach(clearTimeout);
  return { saves: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failures, firstFailure };
}

async function main() {
  console.log(`bench:writers — ${ENGINE}, ${SECONDS} s per step after ${RAMP_SECONDS} s ramp-up, load average ${os.loadavg()[0].toFixed(2)} on ${os.availableParallelism()} CPU(s)`);
  const database = await benchDatabase(ENGINE);
  try {
    const { base, pid } = await database.start();
    const token = await benchWriter(base);
    const maxWriters = Math.max(...STEPS);
    console.log(`seeding ${maxWriters} chapters of ${WORDS} words…`);
    const books = [];
    for (let b = 0; b < Math.ceil(maxWriters / 100); b++) {
      books.push((await api(base, "POST", "/api/v1/books", { token, body: { title: `Bench ${b}`, type: "novel", description: "" }, expect: 201 })).data.id);
    }
    const text = prose(WORDS);
    const chapters = [];
    for (let start = 0; start < maxWriters; start += 20) {
      const batch = Array.from({ length: Math.min(20, maxWriters - start) }, (_, k) => start + k);
      chapters.push(
        ...(await Promise.all(
          batch.map(async (i) => {
            const bookId = books[Math.floor(i / 100)];
            const created = await api(base, "POST", `/api/v1/books/${bookId}/chapters`, { token, body: { title: `Chapter ${i}`, content: text }, expect: 201 });
            return { bookId, id: created.data.id, version: created.data.version };
          }),
        )),
      );
    }
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" };
    let edit = 0;
    const body = () => JSON.stringify({ title: "Chapter", content: `${text.slice(0, -12)}${`edit ${edit++}`.padEnd(12, ".")}` });
    const app = {
      async save(writer) {
        const chapter = chapters[writer.i];
        const response = await fetch(`${base}/api/v1/books/${chapter.bookId}/chapters/${chapter.id}`, {
          method: "PUT",
          headers: { ...auth, "if-match": `"${chapter.version}"` },
          body: body(),
        });
        await response.arrayBuffer();
        if (response.status !== 201) return `PUT ${response.status}`;
        chapter.version = Number(response.headers.get("etag").replaceAll('"', ""));
        return true;
      },
      async browse(writer) {
        const chapter = chapters[writer.i];
        for (const url of [`/api/v1/books?per_page=20`, `/api/v1/books/${chapter.bookId}/chapters/${chapter.id}`]) {
          const response = await fetch(`${base}${url}`, { headers: auth });
          await response.arrayBuffer();
          if (response.status !== 200) return `GET ${response.status}`;
        }
        return true;
      },
    };
    const bare = {
      async save() {
        const response = await fetch(`${base}/api/bench-baseline`, { method: "PUT", headers: auth, body: body() });
        await response.arrayBuffer();
        return response.status === 200 ? true : `PUT ${response.status}`;
      },
    };

    const results = {};
    for (const [label, behaviour] of [
      ["Inkstone", app],
      ["bare PUT", bare],
    ]) {
      results[label] = [];
      for (const n of STEPS) {
        const cpu = { server: cpuMsOf(pid), generator: process.cpuUsage() };
        const step = await simulate(n, behaviour);
        const generator = process.cpuUsage(cpu.generator);
        step.serverCpu = (cpuMsOf(pid) - cpu.server) / ((RAMP_SECONDS + SECONDS) * 1000);
        step.generatorCpu = (generator.user + generator.system) / 1000 / ((RAMP_SECONDS + SECONDS) * 1000);
        step.held = step.failures === 0 && step.p99 <= P99_LIMIT;
        results[label].push({ n, ...step });
        console.log(
          `${label.padEnd(8)} ${String(n).padStart(5)} writers: ${(step.saves / SECONDS).toFixed(0).padStart(4)} saves/s, p50 ${step.p50.toFixed(1)} ms, p99 ${step.p99.toFixed(1)} ms, ` +
            `${step.failures} failed${step.firstFailure ? ` (${step.firstFailure})` : ""}, server ${(step.serverCpu * 100).toFixed(0)}% CPU, load generator ${(step.generatorCpu * 100).toFixed(0)}% — ${step.held ? "held" : "NOT held"}`,
        );
        if (!step.held) break;
      }
    }
    const largest = (label) => results[label].filter((s) => s.held).at(-1)?.n ?? 0;
    console.log(`\nLargest number of writers held (save p99 ≤ ${P99_LIMIT} ms, no failures):`);
    console.log(`  Inkstone on ${ENGINE}: ${largest("Inkstone")}    bare PUT of the same body (the ceiling): ${largest("bare PUT")}    target: ≥ 1,000`);
    console.log("The load generator runs on the same machine and its CPU share is printed per step: on 2 cores it competes with the server.");
  } finally {
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
