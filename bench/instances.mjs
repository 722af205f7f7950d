#!/usr/bin/env node
// `npm run bench:instances`: throughput with 1, 2 and 3 app instances on one PostgreSQL database,
// so that scaling out is measured, not assumed. Each run drives the same mix — a writer's chapter
// save (3,000 words, If-Match) and a list of books, one of each per request pair — with the same
// number of connections spread evenly over the instances, and prints req/s and the CPU each
// process used. PostgreSQL runs on this machine too (INKSTONE_TEST_POSTGRES or a throwaway
// cluster): on a machine with few cores the instances and the database share them, which the CPU
// columns show. See bench/README.md.
//
//   --instances 1,2,3   BENCH_INSTANCES     (default 1,2,3)
//   --seconds S         BENCH_SECONDS       measured seconds per count (default 15)
//   --connections N     BENCH_CONNECTIONS   in all, over the instances (default 12)
import autocannon from "autocannon";
import os from "node:os";
import { api, benchDatabase, benchWriter, cpuMsOf, prose } from "./server.mjs";

const option = (flag, name, fallback) => {
  const i = process.argv.indexOf(flag);
  return i !== -1 ? process.argv[i + 1] : (process.env[name] ?? fallback);
};
const COUNTS = option("--instances", "BENCH_INSTANCES", "1,2,3").split(",").map(Number);
const SECONDS = Number(option("--seconds", "BENCH_SECONDS", "15"));
const CONNECTIONS = Number(option("--connections", "BENCH_CONNECTIONS", "12"));

async function main() {
  console.log(`bench:instances — PostgreSQL, ${SECONDS} s per count, ${CONNECTIONS} connections, load average ${os.loadavg()[0].toFixed(2)} on ${os.availableParallelism()} CPU(s)`);
  const rows = [];
  for (const count of COUNTS) {
    const database = await benchDatabase("postgres");
    try {
      const servers = [];
      for (let i = 0; i < count; i++) servers.push(await database.start());
      const token = await benchWriter(servers[0].base);
      const bookId = (await api(servers[0].base, "POST", "/api/v1/books", { token, body: { title: "Bench", type: "novel", description: "" }, expect: 201 })).data.id;
      const text = prose(3000);
      const perServer = Math.max(1, Math.round(CONNECTIONS / count));
      // One chapter per connection, saved only by it: every save is a new version, never a 409.
      const loads = await Promise.all(
        servers.map(async ({ base }, s) => {
          const chapters = [];
          for (let c = 0; c < perServer; c++) {
            const created = await api(base, "POST", `/api/v1/books/${bookId}/chapters`, { token, body: { title: `S${s}C${c}`, content: text }, expect: 201 });
            chapters.push({ id: created.data.id, version: 1 });
          }
          return { base, chapters };
        }),
      );
      const before = servers.map(({ pid }) => cpuMsOf(pid));
      const started = performance.now();
      const results = await Promise.all(
        loads.map(({ base, chapters }) => {
          // A chapter is taken by one save at a time and given back with its new version, as
          // bench/api's pool does: no two saves race, so none is refused.
          const free = [...chapters];
          const auth = { authorization: `Bearer ${token}`, accept: "application/json", "content-type": "application/json" };
          return autocannon({
            url: base,
            connections: perServer,
            duration: SECONDS,
            requests: [
              {
                method: "PUT",
                headers: auth,
                setupRequest(request, context) {
                  context.chapter = free.shift();
                  return {
                    ...request,
                    path: `/api/v1/books/${bookId}/chapters/${context.chapter.id}`,
                    headers: { ...auth, "if-match": `"${context.chapter.version}"` },
                    body: JSON.stringify({ title: "C", content: `${text.slice(0, -12)}${String(context.chapter.version).padEnd(12, ".")}` }),
                  };
                },
                onResponse(status, _body, context) {
                  if (status === 201) context.chapter.version += 1;
                  free.push(context.chapter);
                },
              },
              { method: "GET", path: "/api/v1/books?per_page=20", headers: auth },
            ],
          });
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      const ok = results.reduce((sum, r) => sum + r["2xx"], 0);
      const failed = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
      const statuses = results
        .flatMap((r) => Object.entries(r.statusCodeStats ?? {}))
        .filter(([code]) => !code.startsWith("2"))
        .map(([code, { count }]) => `${code}×${count}`)
        .join(" ");
      const cpu = servers.map(({ pid }, i) => (cpuMsOf(pid) - before[i]) / (elapsed * 1000));
      rows.push({ count, rps: ok / elapsed, failed, cpu });
      console.log(
        `${count} instance(s): ${(ok / elapsed).toFixed(0)} req/s (saves and lists), ${failed} failed${statuses ? ` (${statuses})` : ""}, instance CPU ${cpu.map((c) => `${(c * 100).toFixed(0)}%`).join(" + ")}`,
      );
    } finally {
      await database.stop();
    }
  }
  const first = rows[0].rps;
  console.log("\ninstances  req/s  vs one instance");
  for (const row of rows) console.log(`${String(row.count).padStart(9)}  ${row.rps.toFixed(0).padStart(5)}  ${((row.rps / first) * 100).toFixed(0)}%`);
  console.log(`(${os.availableParallelism()} CPU(s) shared by the instances, PostgreSQL and the load generator.)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
