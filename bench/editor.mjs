#!/usr/bin/env node
// `npm run bench:editor`: the chapter editor on a 10,000-word chapter, in the system Chromium.
//
// Starts the server `npm start` runs (production, 127.0.0.1 only) on a fresh database in a temp folder, signs a
// writer up, makes a book with one 10,000-word Markdown chapter, signs in in Chromium and prints:
//   - time to interactive: navigation start → the editor mounted and taking keys (median of N loads)
//   - keystroke-to-paint latency p50/p95/max over N keystrokes typed mid-chapter (target p95 < 16 ms)
//   - the JavaScript the editor route ships: every script the page loads (raw and gzip), the part
//     no other signed-in page loads (the route's own), and what History loads on demand.
// See bench/README.md.
//
// Options (flag or environment variable):
//   --loads N      BENCH_LOADS      page loads measured for time to interactive (default 5)
//   --keys N       BENCH_KEYS       keystrokes measured (default 300)
//   --words N      BENCH_WORDS      the chapter's length in words (default 10,000; a long novel's chapter: 100000)
//   --vsync                         keep Chromium's frame-rate limit (latency then includes the wait for the next frame)
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { buildIsCurrent } from "../scripts/build-stamp.mjs";
import { migrate } from "../scripts/migrate.mjs";
import { readEnv } from "../server/env-schema.mjs";
import { chapterText } from "./chapter-text.mjs";
import { freePort } from "./free-port.mjs";
import { keystrokesToPaint } from "./keystrokes.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOST = "127.0.0.1";
const TARGET_P95_MS = 16;

const option = (flag, envName, fallback) => {
  const i = process.argv.indexOf(flag);
  return Number(i !== -1 ? process.argv[i + 1] : (process.env[envName] ?? fallback));
};
const loads = option("--loads", "BENCH_LOADS", 5);
const keys = option("--keys", "BENCH_KEYS", 300);
const WORDS = option("--words", "BENCH_WORDS", 10_000);
const vsync = process.argv.includes("--vsync");
const distDir = readEnv(process.env).NEXT_DIST_DIR;

let server = null;
let browser = null;
let tmp = null;

async function stop() {
  await browser?.close().catch(() => {});
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}

async function fail(message) {
  console.error(`\nbench:editor: ${message}`);
  if (tmp && existsSync(path.join(tmp, "server.log"))) {
    console.error(readFileSync(path.join(tmp, "server.log"), "utf8").trim().split("\n").slice(-20).join("\n"));
  }
  await stop();
  process.exit(1);
}
// Whatever happens, the run ends: a build, the loads and the keystrokes fit in ten minutes.
setTimeout(() => void fail("gave up after 10 minutes"), 600_000).unref();
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void fail(`stopped by ${signal}`));


function run(command, args, env) {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(" ")} failed`);
}

async function startServer() {
  const env = { ...process.env, NODE_ENV: "production", NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" };
  if (!buildIsCurrent(ROOT, distDir)) {
    console.log(`Building the current sources into ${distDir}/ first…`);
    run(process.execPath, [path.join(ROOT, "scripts", "build.mjs")], env);
  }
  tmp = mkdtempSync(path.join(os.tmpdir(), "inkstone-bench-editor-"));
  // The per-credential limit counts every request but never refuses one here.
  Object.assign(env, { DATABASE_URL: `file:${path.join(tmp, "inkstone.db")}`, INKSTONE_DATA_DIR: tmp, INKSTONE_SIGNUP: "open", INKSTONE_TOKEN_RATE: "1000000", INKSTONE_TOKEN_BURST: "1000000" });
  delete env.NODE_OPTIONS;
  migrate(env, "pipe");
  const port = await freePort(HOST);
  const log = openSync(path.join(tmp, "server.log"), "a");
  server = spawn(process.execPath, [path.join(ROOT, "server/entry/main.mjs")], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), INKSTONE_HOST: HOST },
    stdio: ["ignore", log, log],
  });
  const base = `http://${HOST}:${port}`;
  for (const until = Date.now() + 60_000; ; ) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if ((await fetch(`${base}/sign-in`).catch(() => null))?.status === 200) return base;
    if (Date.now() > until) throw new Error("the server did not start within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function api(base, method, pathname, body, token) {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${await response.text()}`);
  return (await response.json()).data;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const median = (values) => percentile([...values].sort((a, b) => a - b), 50);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Every script a page loads, with its size raw and gzip-compressed. */
async function scriptsOf(page, url, then = async () => {}) {
  const scripts = new Map();
  const listener = async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, { raw: body.length, gzip: gzipSync(body).length });
  };
  page.on("response", listener);
  await page.goto(url, { waitUntil: "load" });
  await then();
  // Prefetches and lazy chunks settle well within this.
  await page.waitForTimeout(2000);
  page.off("response", listener);
  return scripts;
}

const total = (scripts, filter = () => true) =>
  [...scripts].filter(([name]) => filter(name)).reduce((sum, [, size]) => ({ raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip }), { raw: 0, gzip: 0 });

async function main() {
  const base = await startServer();
  const writer = { email: `bench-${Date.now()}@example.com`, password: "correct horse battery", name: "Bench" };
  await api(base, "POST", "/api/v1/users", writer);
  const { access_token: token } = await api(base, "POST", "/auth/login", { email: writer.email, password: writer.password });
  const book = await api(base, "POST", "/api/v1/books", { title: "The Harbour" }, token);
  const text = chapterText(WORDS);
  const chapter = await api(base, "POST", `/api/v1/books/${book.id}/chapters`, { title: `${WORDS} words`, content: text }, token);
  const editorPath = `/books/${book.id}/chapters/${chapter.id}`;

  const args = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"];
  // Without the frame-rate limit a frame is drawn as soon as there is something to draw, so the
  // latency measured is the editor's work, not the wait for the next 60 Hz tick.
  if (!vsync) args.push("--disable-frame-rate-limit", "--disable-gpu-vsync");
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await page.getByLabel("E-mail").fill(writer.email);
  await page.getByLabel("Password").fill(writer.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));

  // Time to interactive: when CodeMirror's content element appears, the editor takes keys.
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector(".cm-content")) {
        window.__editorReady = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const ready = [];
  const contentLoaded = [];
  for (let i = 0; i < loads + 1; i++) {
    await page.goto(`${base}${editorPath}`, { waitUntil: "load" });
    await page.waitForFunction(() => window.__editorReady !== undefined);
    const timing = await page.evaluate(() => ({
      ready: window.__editorReady,
      domContentLoaded: performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd,
    }));
    if (i === 0) continue; // the first load warms the server's caches
    ready.push(timing.ready);
    contentLoaded.push(timing.domContentLoaded);
  }
  const shown = await page.evaluate(() => document.querySelector(".cm-content").innerText.length);

  // Keystroke to paint: keydown's timestamp to just after the frame that shows the character.
  const latencies = await keystrokesToPaint(page, page.locator(".cm-line", { hasText: /\w/ }).nth(3), keys);
  // The same with the Markdown source on every line (no live preview), in the same run and so under
  // the same load: what hiding the marks costs a keystroke.
  const markdown = page.getByRole("button", { name: "Markdown", exact: true });
  await markdown.click();
  await page.reload({ waitUntil: "load" });
  await page.waitForFunction(() => window.__editorReady !== undefined);
  const sourceLatencies = await keystrokesToPaint(page, page.locator(".cm-line", { hasText: /\w/ }).nth(3), keys);
  await page.getByRole("button", { name: "Markdown", exact: true }).click();

  // The JavaScript: the editor page against another signed-in page, and History's extra, each
  // fetched afresh (no cache), so that every script shows with its body.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const editorScripts = await scriptsOf(page, `${base}${editorPath}`);
  const otherScripts = await scriptsOf(page, `${base}/settings/tokens`);
  const historyScripts = await scriptsOf(page, `${base}${editorPath}`, async () => {
    await page.getByRole("button", { name: "History" }).click();
    await page.getByRole("button", { name: /^Version 1/ }).click();
    await page.getByRole("region", { name: /Changes from version 1/ }).waitFor();
  });
  const all = total(editorScripts);
  const own = total(editorScripts, (name) => !otherScripts.has(name));
  const onDemand = total(historyScripts, (name) => !editorScripts.has(name));

  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  console.log(`\nbench:editor — a ${WORDS.toLocaleString("en")}-word chapter (${text.length.toLocaleString("en")} characters; ${shown.toLocaleString("en")} rendered) in Chromium, load average ${os.loadavg()[0].toFixed(2)}`);
  console.log(`time to interactive   median ${median(ready).toFixed(0)} ms (DOMContentLoaded ${median(contentLoaded).toFixed(0)} ms) over ${loads} loads`);
  console.log(
    `keystroke to paint    p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  max ${latencies.at(-1).toFixed(1)} ms over ${latencies.length} keys` +
      `${vsync ? " (60 Hz frames)" : ""}  target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? "PASS" : "FAIL"}`,
  );
  const sourceP95 = percentile(sourceLatencies, 95);
  console.log(
    `  with the source     p50 ${percentile(sourceLatencies, 50).toFixed(1)} ms  p95 ${sourceP95.toFixed(1)} ms  max ${sourceLatencies.at(-1).toFixed(1)} ms (live preview off, same run)`,
  );
  console.log(`JS, editor page       ${kb(all.raw)} raw, ${kb(all.gzip)} gzip in ${editorScripts.size} files`);
  console.log(`JS, the route's own   ${kb(own.raw)} raw, ${kb(own.gzip)} gzip (not loaded by /settings/tokens)`);
  console.log(`JS, History on demand ${kb(onDemand.raw)} raw, ${kb(onDemand.gzip)} gzip (the diff library)`);
  await stop();
}

main().catch((error) => fail(error.stack ?? String(error)));
