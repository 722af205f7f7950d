#!/usr/bin/env node
// `npm run bench:cli`: what a person waits for at the terminal, per `inkstone` command.
//
// Starts a server on a fresh SQLite database (bench/server.mjs), makes a writer with one book
// of 30 chapters of ~3,000 words, then runs the bundled CLI (cli/dist/inkstone.mjs, built first)
// as a child process, one run after another, and prints the median and slowest wall time of:
//   node        `node -e ""`: Node's own start, the floor under every command
//   --version   the CLI's entry and its argument parsing: no command's module (decision 0523), no network
//   whoami      one authenticated GET
//   books list  a page of books as a table
//   upload      a ~3,000-word chapter as a multipart upload
//   pull        all 30 chapters written to files (one page, include=content)
//
// Options: --runs N (BENCH_RUNS, default 10).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { api, benchDatabase, benchWriter, prose, ROOT } from "./server.mjs";

const flag = process.argv.indexOf("--runs");
const RUNS = Number(flag > 0 ? process.argv[flag + 1] : process.env.BENCH_RUNS ?? 10);
const BIN = path.join(ROOT, "cli/dist/inkstone.mjs");

spawnSync(process.execPath, [path.join(ROOT, "scripts/build-cli.mjs")], { stdio: "inherit" });
const database = await benchDatabase("sqlite");
const tmp = mkdtempSync(path.join(os.tmpdir(), "inkstone-bench-cli-"));
try {
  const { base } = await database.start();
  const token = await benchWriter(base);
  const book = (await api(base, "POST", "/api/v1/books", { token, body: { title: "Bench" }, expect: 201 })).data;
  for (let i = 1; i <= 30; i += 1) {
    await api(base, "POST", `/api/v1/books/${book.id}/chapters`, { token, body: { title: `Chapter ${i}`, content: prose(3000, i) }, expect: 201 });
  }
  const chapterFile = path.join(tmp, "chapter.md");
  writeFileSync(chapterFile, `# Uploaded\n\n${prose(3000)}`);
  const env = { PATH: process.env.PATH, HOME: tmp, INKSTONE_URL: base, INKSTONE_TOKEN: token };

  const cases = [
    ["node", ["-e", ""]],
    ["--version", [BIN, "--version"]],
    ["whoami", [BIN, "whoami"]],
    ["books list", [BIN, "books", "list"]],
    ["upload", [BIN, "chapters", "upload", book.id, chapterFile]],
    ["pull", [BIN, "chapters", "pull", book.id, "--dir", path.join(tmp, "pulled")]],
  ];
  console.log(`inkstone CLI, ${RUNS} runs each (wall ms)\n`);
  console.log("command       median   slowest");
  for (const [name, args] of cases) {
    const times = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = process.hrtime.bigint();
      const result = spawnSync(process.execPath, args, { env, encoding: "utf8" });
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (result.status !== 0) throw new Error(`${name} failed: ${result.stderr}`);
    }
    times.sort((a, b) => a - b);
    console.log(`${name.padEnd(12)} ${times[Math.floor(times.length / 2)].toFixed(0).padStart(7)} ${times.at(-1).toFixed(0).padStart(9)}`);
  }
} finally {
  await database.stop();
  rmSync(tmp, { recursive: true, force: true });
}
