#!/usr/bin/env node
// `npm run bench:backup`: how long a backup of a SQLite database takes while writers save, with
// `npm run backup` (VACUUM INTO, decision 0480) beside the baseline it replaced in the same run:
// sqlite3's ".backup" (the online backup API), which starts over whenever a write lands. The
// database is filled through the real server (chapters uploaded, each with its revision), then
// both backups run, one after the other, under the same steady stream of saves.
//
//   --mb N        BENCH_MB          database size to fill to (default 200)
//   --rate N      BENCH_RATE        saves a second during the backups (default 32, the operator's)
//   --limit S     BENCH_LIMIT       seconds before a backup counts as never finishing (default 120)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sqliteFile } from "../server/sql/sqlite-file.mjs";
import { option } from "./options.mjs";
import { api, benchDatabase, benchWriter, prose, ROOT } from "./server.mjs";

const MB = Number(option("--mb", "BENCH_MB", "200"));
const RATE = Number(option("--rate", "BENCH_RATE", "32"));
const LIMIT_S = Number(option("--limit", "BENCH_LIMIT", "120"));
const CHAPTER_WORDS = 170_000; // about 1 MB of text; each upload stores it twice (chapter and revision)

const database = await benchDatabase("sqlite");
const file = sqliteFile(database.url);
const dataDir = path.dirname(file);
const { base } = await database.start();
const token = await benchWriter(base);
const book = (await api(base, "POST", "/api/v1/books", { token, body: { title: "Backed up" }, expect: 201 })).data;
const sizeMb = () => statSync(file).size / 2 ** 20 + (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) / 2 ** 20;
let filled = 0;
while (sizeMb() < MB) {
  await api(base, "POST", `/api/v1/books/${book.id}/chapters`, { token, body: { title: `Filler ${filled}`, content: prose(CHAPTER_WORDS, filled) }, expect: 201 });
  filled++;
}
const saved = (await api(base, "POST", `/api/v1/books/${book.id}/chapters`, { token, body: { title: "Being written", content: prose(3_000) }, expect: 201 })).data;
console.log(`Database: ${sizeMb().toFixed(0)} MB (${filled} chapters of ${CHAPTER_WORDS.toLocaleString("en")} words); saves during each backup: ${RATE}/s of a 3,000-word chapter.`);

let version = saved.version;
/** Saves at RATE a second until stopped; counts the ones acknowledged. */
function steadySaves() {
  let acknowledged = 0;
  let running = true;
  const loop = (async () => {
    for (let n = 0; running; n++) {
      const next = Date.now() + 1000 / RATE;
      const answer = await api(base, "PUT", `/api/v1/books/${book.id}/chapters/${saved.id}`, { token, body: { title: "Being written", content: `${prose(3_000, n)} ${n}`, version }, expect: 201 });
      version = answer.data.version;
      acknowledged++;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return acknowledged;
  };
}

/** Runs `command`, under saves, for at most LIMIT_S; its seconds, or null when it did not finish. */
async function timedUnderSaves(command, args, env = {}) {
  const stop = steadySaves();
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: "ignore" });
  const timer = setTimeout(() => child.kill("SIGKILL"), LIMIT_S * 1000);
  const code = await new Promise((resolve) => child.on("exit", (status) => resolve(status)));
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  const saves = await stop();
  return { seconds: code === 0 ? seconds : null, saves };
}

const out = mkdtempSync(path.join(os.tmpdir(), "inkstone-bench-backup-"));
const baseline = await timedUnderSaves("sqlite3", [file, `.backup '${path.join(out, "sqlite3-backup.db")}'`]);
const baselineMb = (statSync(path.join(out, "sqlite3-backup.db"), { throwIfNoEntry: false })?.size ?? 0) / 2 ** 20;
const ours = await timedUnderSaves(process.execPath, ["scripts/backup.mjs", path.join(out, "npm-run-backup")], { DATABASE_URL: database.url, INKSTONE_DATA_DIR: dataDir });
const oursMb = statSync(path.join(out, "npm-run-backup", "inkstone.db"), { throwIfNoEntry: false })?.size ?? 0;

const row = (label, result, written) =>
  `${label.padEnd(34)} ${(result.seconds === null ? `did not finish in ${LIMIT_S} s` : `${result.seconds.toFixed(1)} s`).padEnd(26)} ${`${written.toFixed(0)} MB written`.padEnd(18)} ${result.saves} saves acknowledged meanwhile`;
console.log("");
console.log(row('baseline: sqlite3 ".backup"', baseline, baselineMb));
console.log(row("npm run backup (VACUUM INTO)", ours, oursMb / 2 ** 20));
await database.stop();
rmSync(out, { recursive: true, force: true });
