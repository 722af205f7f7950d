#!/usr/bin/env node
// `npm run bench:api`: the REST API against a bare Next.js route, side by side in one run.
//
// Starts the server `npm start` runs (server/entry/main.mjs) on a fresh database in a temp folder (127.0.0.1 only), seeds a writer with
// 50 books and ~3,000-word chapters, then drives, one after another and with the same load shape:
//   bare GET   GET /api/bench-baseline                  fixed JSON, no auth, no database
//   page       GET /api/bench-baseline?page=1           a fixed ~14.8 KB page of 20 books: a list's ceiling
//   list       GET /api/v1/books?per_page=20            Bearer token, a page of 20 of 50 books
//   save       PUT /api/v1/books/{id}/chapters/{id}     Bearer token, a ~3,000-word chapter, If-Match
//   bare PUT   PUT /api/bench-baseline                  the same chapter body, read and discarded
// and prints req/s, server CPU ms per request, p50/p99 latency and failures, against the targets
// (issue 6): the list at least 50% of the bare GET's req/s and at most 1.6 ms CPU, a save at most
// 3 ms CPU. With --database both it runs everything on SQLite, then on PostgreSQL, and prints the
// two side by side. See bench/README.md.
//
// Options (flag or environment variable):
//   --duration S     BENCH_DURATION     seconds measured per route (default 10)
//   --warmup S       BENCH_WARMUP       seconds of warm-up per route, not counted (default 3)
//   --connections N  BENCH_CONNECTIONS  concurrent keep-alive connections (default 10)
//   --rounds N       BENCH_ROUNDS       measure every route N times, interleaved; the median counts (default 1)
//   --only a,b       BENCH_ONLY         routes to run besides the bare GET: page, list, save, bare-put
//   --database e     BENCH_DATABASE     sqlite (default), postgres, or both (PostgreSQL: INKSTONE_TEST_POSTGRES or a throwaway cluster)
//   --cpu-prof                          run the server under `node --cpu-prof`; profiles land in the temp folder
//   --keep                              keep the temp folder (database, server log, profiles)
//   --strict                            exit 1 when a real endpoint misses the target
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { buildIsCurrent } from "../scripts/build-stamp.mjs";
import { migrate } from "../scripts/migrate.mjs";
import { throwawayCluster } from "../scripts/postgres-cluster.mjs";
import { option } from "./options.mjs";
import { readEnv } from "../server/env-schema.mjs";
import { freePort } from "./free-port.mjs";

// A benchmark's build has the baseline route (/api/bench-baseline) its servers are probed on: set
// before the build-currency check, which counts it (scripts/build-stamp.mjs).
process.env.INKSTONE_BENCH = "1";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOST = "127.0.0.1";
// Issue 6's targets, per route: a share of the bare GET's req/s and/or a ceiling of CPU ms per request.
const TARGETS = { list: { share: 0.5, cpuMs: 1.6 }, save: { cpuMs: 3 } };
const BOOKS = 50;
const WORDS_PER_CHAPTER = 3000;

// ---------------------------------------------------------------------------------------------
// options

const positive = (value, name) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`${name} must be a positive number (got ${value})`);
    process.exit(2);
  }
  return n;
};
const opts = {
  duration: positive(option("--duration", "BENCH_DURATION", "10"), "duration"),
  warmup: Number(option("--warmup", "BENCH_WARMUP", "3")) || 0,
  connections: Math.round(positive(option("--connections", "BENCH_CONNECTIONS", "10"), "connections")),
  rounds: Math.round(positive(option("--rounds", "BENCH_ROUNDS", "1"), "rounds")),
  only: option("--only", "BENCH_ONLY", "page,list,save,bare-put").split(",").map((s) => s.trim()).filter(Boolean),
  engines: ((value) => (value === "both" ? ["sqlite", "postgres"] : [value]))(option("--database", "BENCH_DATABASE", "sqlite")),
  cpuProf: process.argv.includes("--cpu-prof"),
  keep: process.argv.includes("--keep"),
  strict: process.argv.includes("--strict"),
};
const distDir = readEnv(process.env).NEXT_DIST_DIR;

// Whatever happens, the run ends: setup, warm-up and measuring, plus a minute and a half of slack.
const scenarioCount = 1 + opts.only.length;
const budgetMs = (240 + scenarioCount * (opts.warmup + opts.duration * opts.rounds + 2)) * 1000 * opts.engines.length;

// ---------------------------------------------------------------------------------------------
// server lifecycle

let server = null;
let tmp = null;

async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

function cleanUp() {
  if (tmp && !opts.keep && !opts.cpuProf) rmSync(tmp, { recursive: true, force: true });
}

async function abort(message, code = 1) {
  console.error(`\nbench:api: ${message}`);
  if (tmp && existsSync(path.join(tmp, "server.log"))) {
    const log = readFileSync(path.join(tmp, "server.log"), "utf8").trim().split("\n").slice(-20).join("\n");
    if (log) console.error(`--- last lines of the server log ---\n${log}`);
  }
  await stopServer();
  cleanUp();
  cluster?.stop();
  process.exit(code);
}

const deadline = setTimeout(() => void abort(`gave up after ${Math.round(budgetMs / 1000)} s`), budgetMs);
deadline.unref();
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void abort(`stopped by ${signal}`, 130));


function run(command, args, env, { quiet = false } = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: quiet ? "pipe" : "inherit", encoding: "utf8" });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout}${result.stderr}`);
    throw new Error(`${path.basename(command)} ${args.join(" ")} failed (${result.status ?? result.signal})`);
  }
}

let cluster = null;

/** A fresh, migrated database for the engine: a SQLite file in `tmp`, or a PostgreSQL database. */
async function freshDatabase(engine) {
  if (engine === "sqlite") return `file:${path.join(tmp, "inkstone.db")}`;
  if (engine !== "postgres") throw new Error(`--database takes sqlite, postgres or both (got ${engine})`);
  const server = process.env.INKSTONE_TEST_POSTGRES ?? (cluster ??= await throwawayCluster()).url;
  const database = `inkstone_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return `${server}/${database}`;
}

async function startServer(engine) {
  if (!buildIsCurrent(ROOT, distDir)) {
    console.log(`No build of the current sources in ${distDir}/: building once…`);
    run(process.execPath, [path.join(ROOT, "scripts", "build.mjs")], { ...process.env, NEXT_DIST_DIR: distDir });
  }

  tmp = mkdtempSync(path.join(os.tmpdir(), "inkstone-bench-"));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    INKSTONE_DATA_DIR: tmp,
    INKSTONE_BENCH: "1",
    INKSTONE_SIGNUP: "open",
    // The per-credential limit counts every request (its cost is measured) but never refuses one.
    INKSTONE_TOKEN_RATE: "1000000",
    INKSTONE_TOKEN_BURST: "1000000",
  };
  delete env.NODE_OPTIONS;
  env.DATABASE_URL = await freshDatabase(engine);
  migrate(env, "pipe");

  const port = await freePort(HOST);
  const log = openSync(path.join(tmp, "server.log"), "a");
  const nodeArgs = opts.cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${path.join(tmp, "profiles")}`] : [];
  server = spawn(process.execPath, [...nodeArgs, path.join(ROOT, "server", "entry", "main.mjs")], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), INKSTONE_HOST: HOST },
    stdio: ["ignore", log, log],
  });
  const base = `http://${HOST}:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${base}/api/bench-baseline`);
      if (response.status === 200) break;
      throw new Error(`/api/bench-baseline answered ${response.status}; is the build older than the route?`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("/api/")) throw error;
      if (Date.now() > until) throw new Error("the server did not start within 60 s");
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { base, port };
}

// ---------------------------------------------------------------------------------------------
// seed data

/** A deterministic pseudo-random generator, so that every run saves the same text. */
function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VOCABULARY = (
  "the a of and to in was she he it that her his had with on at for as but not they from by " +
  "said would there were their been one into out could when then what about over only back " +
  "house river morning letter window silence lantern harbour winter orchard stranger promise " +
  "remembered whispered carried followed wondered listened answered turned waited walked " +
  "slowly quietly almost always never perhaps already suddenly again still nothing something " +
  "grey narrow bright heavy distant broken familiar careful unfinished ordinary bitter gentle"
).split(" ");

/** ~`words` words of prose in Markdown paragraphs, some of them dialogue, under a heading. */
function chapterText(n, words) {
  const random = prng(1000 + n);
  const pick = () => VOCABULARY[Math.floor(random() * VOCABULARY.length)];
  const paragraphs = [];
  let count = 0;
  while (count < words) {
    const sentences = [];
    const sentenceCount = 2 + Math.floor(random() * 5);
    for (let i = 0; i < sentenceCount && count < words; i++) {
      const length = Math.min(words - count, 6 + Math.floor(random() * 16));
      const sentence = Array.from({ length }, pick).join(" ");
      count += length;
      sentences.push(sentence[0].toUpperCase() + sentence.slice(1) + (random() < 0.15 ? "?" : "."));
    }
    const text = sentences.join(" ");
    paragraphs.push(random() < 0.2 ? `“${text}” she said.` : text);
  }
  return `# Chapter ${n}\n\n${paragraphs.join("\n\n")}\n`;
}

async function api(base, method, url, { token, body, expect } = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (expect !== undefined && response.status !== expect) {
    throw new Error(`${method} ${url} answered ${response.status}, expected ${expect}: ${text.slice(0, 300)}`);
  }
  return text ? JSON.parse(text) : null;
}

/** In parallel, a few at a time: seeding should not take longer than the benchmark. */
async function inBatches(count, size, task) {
  const results = [];
  for (let start = 0; start < count; start += size) {
    const batch = [];
    for (let i = start; i < Math.min(count, start + size); i++) batch.push(task(i));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

async function seed(base) {
  // The first account becomes admin; the benchmark acts as an ordinary writer, the common case.
  await api(base, "POST", "/api/v1/users", {
    body: { email: "admin@bench.invalid", password: "bench-admin-password-1", name: "Admin" },
    expect: 201,
  });
  const writer = { email: "writer@bench.invalid", password: "bench-writer-password-1", name: "Writer" };
  await api(base, "POST", "/api/v1/users", { body: writer, expect: 201 });
  const login = await api(base, "POST", "/auth/login", {
    body: { email: writer.email, password: writer.password, name: "bench" },
    expect: 200,
  });
  const token = login.data.access_token;
  if (!token) throw new Error("/auth/login answered without an access_token");

  const genres = ["novel", "fantasy", "mystery", "memoir", "science fiction"];
  const books = await inBatches(BOOKS, 5, async (i) => {
    const created = await api(base, "POST", "/api/v1/books", {
      token,
      expect: 201,
      body: {
        title: `Bench book ${String(i + 1).padStart(2, "0")}: ${chapterText(i, 5).split("\n")[2].slice(0, 60)}`,
        type: genres[i % genres.length],
        description: chapterText(500 + i, 60).split("\n\n").slice(1).join(" ").slice(0, 400),
      },
    });
    return created.data.id;
  });

  // The chapters being saved: one per connection and as many again, all in one novel.
  const chapterCount = Math.max(30, opts.connections * 2);
  const novel = books[0];
  const chapters = [];
  for (let i = 0; i < chapterCount; i++) {
    const created = await api(base, "POST", `/api/v1/books/${novel}/chapters`, {
      token,
      expect: 201,
      body: { content: chapterText(i + 1, WORDS_PER_CHAPTER) },
    });
    chapters.push({ id: created.data.id, version: created.data.version, title: created.data.title });
  }

  const page = await api(base, "GET", "/api/v1/books?per_page=20", { token, expect: 200 });
  if (!Array.isArray(page.data) || page.data.length !== 20) throw new Error("the book list did not answer a page of 20");
  return { token, novel, chapters, books };
}

// ---------------------------------------------------------------------------------------------
// load

/**
 * Saves need the chapter's current version. Each request takes a chapter nobody is saving right
 * now from the pool and puts it back, with the version from the answer's ETag, when it returns:
 * with one request in flight per connection and twice as many chapters as connections, no two
 * saves ever race for a chapter, so every save is a real new version, never a 409/412.
 */
function savePool(chapters) {
  const all = chapters.map((c) => ({ ...c }));
  const free = [...all];
  return {
    take: () => free.shift() ?? null,
    /**
     * A load ends with saves in flight whose answers never come back to the pool: those chapters
     * were lost to every later round (which then answered 412s). After each load, every chapter
     * out of the pool is read back with its current version.
     */
    async recover(currentVersion) {
      const missing = all.filter((c) => !free.includes(c));
      for (const chapter of missing) {
        chapter.version = await currentVersion(chapter.id);
        free.push(chapter);
      }
    },
    give(chapter, status, body, headers) {
      if (status >= 200 && status < 300) {
        const etag = headers?.etag ?? headers?.ETag;
        const version = Number(String(etag ?? "").replaceAll('"', ""));
        if (Number.isInteger(version)) chapter.version = version;
        else chapter.version += 1;
      } else {
        try {
          const current = JSON.parse(body)?.details?.currentVersion;
          if (Number.isInteger(current)) chapter.version = current;
        } catch {}
      }
      free.push(chapter);
    },
  };
}

function scenarios(base, seeded) {
  const auth = { authorization: `Bearer ${seeded.token}`, accept: "application/json" };
  const chapterBody = JSON.stringify({ title: "Chapter under revision", content: chapterText(4242, WORDS_PER_CHAPTER) });
  const pool = savePool(seeded.chapters);
  const spare = seeded.chapters[0];

  const all = {
    "bare GET": {
      label: "bare GET",
      route: "GET /api/bench-baseline",
      request: { url: `${base}/api/bench-baseline`, method: "GET", headers: { accept: "application/json" } },
    },
    page: {
      label: "fixed page",
      route: "GET /api/bench-baseline?page=1 (~14.8 KB)",
      info: true,
      request: { url: `${base}/api/bench-baseline?page=1`, method: "GET", headers: { accept: "application/json" } },
    },
    list: {
      label: "list books",
      route: "GET /api/v1/books?per_page=20",
      request: { url: `${base}/api/v1/books?per_page=20`, method: "GET", headers: auth },
    },
    save: {
      label: "save chapter",
      afterLoad: () =>
        pool.recover(async (id) => {
          const chapter = await api(base, "GET", `/api/v1/books/${seeded.novel}/chapters/${id}`, { token: seeded.token, expect: 200 });
          return chapter.data.version;
        }),
      route: `PUT /api/v1/books/:id/chapters/:id (${(Buffer.byteLength(chapterBody) / 1024).toFixed(1)} KB)`,
      request: {
        url: base,
        requests: [
          {
            method: "PUT",
            headers: { ...auth, "content-type": "application/json" },
            body: chapterBody,
            setupRequest(request, context) {
              // An empty pool would mean a lost answer (a timeout); reuse a chapter, the answer counts as a failure.
              const chapter = pool.take() ?? { ...spare, spare: true };
              context.chapter = chapter;
              return {
                ...request,
                path: `/api/v1/books/${seeded.novel}/chapters/${chapter.id}`,
                headers: { ...request.headers, "if-match": `"${chapter.version}"` },
              };
            },
            onResponse(status, body, context, headers) {
              if (context.chapter && !context.chapter.spare) pool.give(context.chapter, status, body, headers);
            },
          },
        ],
      },
    },
    "bare-put": {
      label: "bare PUT",
      route: "PUT /api/bench-baseline (same body)",
      info: true,
      request: {
        url: `${base}/api/bench-baseline`,
        method: "PUT",
        headers: { accept: "application/json", "content-type": "application/json" },
        body: chapterBody,
      },
    },
  };
  const chosen = ["bare GET", ...opts.only.filter((k) => k !== "bare GET")];
  for (const key of chosen) if (!all[key]) throw new Error(`unknown route "${key}" in --only; use page, list, save, bare-put`);
  return chosen.map((key) => ({ key, ...all[key] }));
}

/** The server's CPU time so far in ms (user + system, all threads), from /proc; null off Linux. */
function serverCpuMs() {
  try {
    const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

async function measure(scenario, seconds) {
  const before = serverCpuMs();
  const result = await load(scenario, seconds);
  const after = serverCpuMs();
  await scenario.afterLoad?.();
  const summary = summarize(result);
  summary.cpuPerRequest = before === null || after === null || summary.ok === 0 ? null : (after - before) / (summary.ok + summary.non2xx);
  return summary;
}

function load(scenario, seconds) {
  return autocannon({
    ...scenario.request,
    connections: opts.connections,
    pipelining: 1,
    duration: seconds,
    timeout: 10,
  });
}

function summarize(result) {
  const ok = result["2xx"];
  return {
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses: Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith("2"))
      .map(([code, { count }]) => `${code}×${count}`)
      .join(" "),
  };
}

const median = (runs) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor((runs.length - 1) / 2)];

// ---------------------------------------------------------------------------------------------
// report

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((cell, i) => (i === 0 || i === 1 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join("  ");
  return [line(rows[0]), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

function report(results, seeded) {
  const bare = results.find((r) => r.key === "bare GET").summary;
  const barePut = results.find((r) => r.key === "bare-put")?.summary;
  const rows = [["route", "request", "req/s", "CPU ms/req", "p50 ms", "p99 ms", "non-2xx", "errors", "vs bare GET", "target"]];
  let failed = false;
  for (const { key, label, route, info, summary: s } of results) {
    const ratio = s.rps / bare.rps;
    let verdict = "";
    if (key === "bare GET") verdict = "baseline";
    else if (info) verdict = "(reference)";
    else {
      const target = TARGETS[key] ?? {};
      const pass =
        s.non2xx === 0 && s.errors === 0 && (target.share === undefined || ratio >= target.share) && (target.cpuMs === undefined || (s.cpuPerRequest ?? Infinity) <= target.cpuMs);
      failed ||= !pass;
      const wanted = [target.share && `≥${target.share * 100}%`, target.cpuMs && `≤${target.cpuMs} ms`].filter(Boolean).join(", ");
      verdict = `${pass ? "PASS" : "FAIL"} (${wanted})`;
    }
    rows.push([
      label,
      route,
      s.rps.toFixed(0),
      s.cpuPerRequest === null ? "n/a" : s.cpuPerRequest.toFixed(2),
      String(s.p50),
      String(s.p99),
      s.non2xx + (s.statuses ? ` (${s.statuses})` : ""),
      String(s.errors),
      key === "bare GET" ? "100%" : `${(ratio * 100).toFixed(1)}%`,
      verdict,
    ]);
  }
  console.log(`\n${table(rows)}\n`);
  if (bare.cpuPerRequest) {
    const shares = results
      .filter((r) => r.key !== "bare GET" && r.summary.cpuPerRequest)
      .map((r) => `${r.label} ${((bare.cpuPerRequest / r.summary.cpuPerRequest) * 100).toFixed(1)}%`);
    console.log(
      `CPU ms/req is the server's CPU time (all threads) per answer; it is far less sensitive than req/s to other load on the machine. ` +
        `Bare GET's CPU ms/req as a share of each route's (the ratio a CPU-bound server would reach): ${shares.join(", ")}`,
    );
  }
  const save = results.find((r) => r.key === "save")?.summary;
  if (save && barePut) {
    console.log(
      `save vs bare PUT of the same body: ${((save.rps / barePut.rps) * 100).toFixed(1)}% ` +
        `(separates the app's work from moving ${WORDS_PER_CHAPTER.toLocaleString("en")} words over HTTP)`,
    );
  }
  console.log(
    `Fairness: every route ran ${opts.duration} s × ${opts.rounds} round(s) after a ${opts.warmup} s warm-up, ` +
      `${opts.connections} keep-alive connections, 1 request in flight each, from this process ` +
      `(autocannon) against one server (server/entry/main.mjs) on ${HOST}; the load generator and the server share ` +
      `this machine's ${os.availableParallelism?.() ?? os.cpus().length} CPU(s), equally for every route. ` +
      `req/s counts 2xx answers only; p50/p99 are of 2xx answers.`,
  );
  console.log(
    `Data: ${BOOKS} books (list pages 20), ${seeded.chapters.length} chapters of ~${WORDS_PER_CHAPTER.toLocaleString("en")} words ` +
      `saved in turn with If-Match, each save a new version and revision.`,
  );
  return failed;
}

// ---------------------------------------------------------------------------------------------

/** Every route on one engine's server, from a fresh database. */
async function runOn(engine) {
  const { base } = await startServer(engine);
  console.log(`server up at ${base}; seeding…`);
  const seeded = await seed(base);
  const list = scenarios(base, seeded);

  if (opts.warmup > 0) {
    process.stdout.write(`warming up (${opts.warmup} s each):`);
    for (const scenario of list) {
      await load(scenario, opts.warmup);
      await scenario.afterLoad?.();
      process.stdout.write(` ${scenario.label} ✓`);
    }
    process.stdout.write("\n");
  }

  const runs = new Map(list.map((s) => [s.key, []]));
  for (let round = 1; round <= opts.rounds; round++) {
    for (const scenario of list) {
      process.stdout.write(`round ${round}/${opts.rounds}: ${scenario.label} (${opts.duration} s)… `);
      const summary = await measure(scenario, opts.duration);
      runs.get(scenario.key).push(summary);
      console.log(`${summary.rps.toFixed(0)} req/s${summary.cpuPerRequest === null ? "" : `, server CPU ${summary.cpuPerRequest.toFixed(2)} ms/request`}`);
    }
  }
  const results = list.map((s) => ({ ...s, summary: median(runs.get(s.key)) }));
  const failed = report(results, seeded);
  console.log(`Load average at the end: ${os.loadavg()[0].toFixed(2)} (other processes compete with the benchmark when it is above 1).`);

  await stopServer();
  if (opts.cpuProf) {
    const dir = path.join(tmp, "profiles");
    const files = existsSync(dir) ? readdirSync(dir) : [];
    console.log(`CPU profiles (open in Chrome DevTools or speedscope): ${files.map((f) => path.join(dir, f)).join(", ") || "none written"}`);
  } else if (opts.keep) {
    console.log(`kept ${tmp}`);
  }
  cleanUp();
  return { results, failed };
}

/** The engines' figures next to each other, route by route. */
function sideBySide(byEngine) {
  const rows = [["route", ...byEngine.flatMap(({ engine }) => [`${engine} req/s`, `${engine} CPU ms/req`, `${engine} vs bare GET`])]];
  for (const { key, label } of byEngine[0].results) {
    rows.push([
      label,
      ...byEngine.flatMap(({ results }) => {
        const s = results.find((r) => r.key === key).summary;
        const bare = results.find((r) => r.key === "bare GET").summary;
        return [s.rps.toFixed(0), s.cpuPerRequest === null ? "n/a" : s.cpuPerRequest.toFixed(2), `${((s.rps / bare.rps) * 100).toFixed(1)}%`];
      }),
    ]);
  }
  console.log(`\nSide by side (each engine's own run, same load shape):\n${table(rows)}\n`);
}

async function main() {
  const load1 = os.loadavg()[0];
  console.log(
    `bench:api — ${opts.duration} s per route, ${opts.connections} connections, build ${distDir}/, ` +
      `load average ${load1.toFixed(2)} on ${os.availableParallelism?.() ?? os.cpus().length} CPU(s)`,
  );
  if (load1 > 1) console.log("  (the machine is already busy: figures will be lower and noisier than on an idle one)");

  const byEngine = [];
  let failed = false;
  for (const engine of opts.engines) {
    console.log(`\n== ${engine === "sqlite" ? "SQLite" : "PostgreSQL"}`);
    const { results, failed: missed } = await runOn(engine);
    byEngine.push({ engine, results });
    failed ||= missed;
  }
  if (byEngine.length > 1) sideBySide(byEngine);
  cluster?.stop();
  clearTimeout(deadline);
  process.exit(failed && opts.strict ? 1 : 0);
}

main().catch((error) => abort(error instanceof Error ? error.message : String(error)));
