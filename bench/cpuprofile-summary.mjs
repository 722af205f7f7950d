#!/usr/bin/env node
// Summarises a V8 .cpuprofile (from `npm run bench:api -- --cpu-prof`): where the server's CPU
// time went in a time window, by function (self time) and by package/area (inclusive time).
//
//   node bench/cpuprofile-summary.mjs <file.cpuprofile> [--last S] [--from S --to S] [--top N]
//
// --last S looks at the final S seconds before the server stopped (the last route measured);
// --from/--to pick seconds counted from the start of the profile. `--timeline` prints busy-ness
// per second, to find the window of a route.
import { readFileSync } from "node:fs";

const file = process.argv[2];
if (!file) {
  console.error("usage: node bench/cpuprofile-summary.mjs <file.cpuprofile> [--last S | --from S --to S] [--top N] [--timeline]");
  process.exit(2);
}
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const profile = JSON.parse(readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// sample times in seconds from the profile's start
const times = [];
let t = 0;
for (const delta of profile.timeDeltas) times.push((t += delta) / 1e6);
const total = times.at(-1) ?? 0;
const last = arg("--last", undefined);
const from = last !== undefined ? total - last : arg("--from", 0);
const to = last !== undefined ? total : arg("--to", total);
const top = arg("--top", 25);

const area = (url, name) => {
  if (!url) return name === "(garbage collector)" ? "(gc)" : name === "(idle)" || name === "(program)" ? name : "(native)";
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.includes("/.next")) {
    if (/server\/chunks|server\/app/.test(url)) return "app bundle (.next/server)";
    return ".next";
  }
  if (url.startsWith("node:")) return "node:" + url.slice(5).split("/")[0];
  return url.replace(/^file:\/\//, "").split("/").slice(-2).join("/");
};

const self = new Map();
const inclusiveArea = new Map();
const busyBySecond = new Map();
let inWindow = 0;
let idle = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const time = times[i];
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000; // ms until the next sample
  const leaf = nodes.get(profile.samples[i]);
  const second = Math.floor(time);
  const isIdle = leaf.callFrame.functionName === "(idle)";
  busyBySecond.set(second, (busyBySecond.get(second) ?? 0) + (isIdle ? 0 : dt));
  if (time < from || time > to) continue;
  inWindow += dt;
  if (isIdle) {
    idle += dt;
    continue;
  }
  const { functionName, url, lineNumber } = leaf.callFrame;
  const key = `${functionName || "(anonymous)"}  ${area(url, functionName)}${url ? ":" + (lineNumber + 1) : ""}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  const seen = new Set();
  for (let id = leaf.id; id !== undefined; id = parent.get(id)) {
    const frame = nodes.get(id).callFrame;
    const a = area(frame.url, frame.functionName);
    if (!seen.has(a)) {
      seen.add(a);
      inclusiveArea.set(a, (inclusiveArea.get(a) ?? 0) + dt);
    }
  }
}

if (process.argv.includes("--timeline")) {
  console.log("second  busy ms");
  for (const [s, ms] of [...busyBySecond].sort((a, b) => a[0] - b[0])) console.log(`${String(s).padStart(6)}  ${ms.toFixed(0).padStart(7)}`);
}
const busy = inWindow - idle;
const pct = (ms) => `${((ms / busy) * 100).toFixed(1).padStart(5)}%`;
console.log(`window ${from.toFixed(1)}–${to.toFixed(1)} s of ${total.toFixed(1)} s: ${busy.toFixed(0)} ms busy, ${idle.toFixed(0)} ms idle (main thread)`);
console.log(`\nself time, top ${top} functions (share of busy time):`);
for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(ms)}  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
console.log(`\ninclusive time by package / area (a frame anywhere on the stack):`);
for (const [k, ms] of [...inclusiveArea].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(ms)}  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
