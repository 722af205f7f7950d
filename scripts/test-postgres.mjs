#!/usr/bin/env node
// `npm run test:postgres`: the use-case and HTTP suites against PostgreSQL instead of SQLite.
// With INKSTONE_TEST_POSTGRES (postgresql://user@host:port, no database) it uses that server;
// otherwise it starts a throwaway cluster from Debian's postgresql package (/usr/lib/postgresql/
// <version>/bin; as root, the cluster runs as the postgres user) and removes it afterwards.
// Extra arguments go to vitest (e.g. a test file).
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function postgresBin() {
  const root = "/usr/lib/postgresql";
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version) throw new Error("PostgreSQL is not installed (apt-get install postgresql), and INKSTONE_TEST_POSTGRES is not set.");
  return path.join(root, version, "bin");
}

async function throwawayCluster() {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), "inkstone-pg-"));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()));
  const run = (command, args) => {
    const line = [path.join(bin, command), ...args].map((a) => `'${a}'`).join(" ");
    execFileSync(asRoot ? "su" : "sh", asRoot ? ["postgres", "-s", "/bin/sh", "-c", line] : ["-c", line], { stdio: "pipe" });
  };
  run("initdb", ["-D", dir, "-U", "postgres", "--auth=trust"]);
  // fsync off: a test cluster lives for one run; durability is SQLite's test (test/http/crash).
  run("pg_ctl", ["-D", dir, "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`, "-l", path.join(dir, "log"), "-w", "start"]);
  return {
    url: `postgresql://postgres@127.0.0.1:${port}`,
    stop() {
      run("pg_ctl", ["-D", dir, "-m", "immediate", "-w", "stop"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const given = process.env.INKSTONE_TEST_POSTGRES;
const cluster = given ? undefined : await throwawayCluster();
const url = given ?? cluster.url;
console.log(`test:postgres: PostgreSQL at ${url}`);
const result = spawnSync(path.join("node_modules", ".bin", "vitest"), ["run", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, INKSTONE_TEST_POSTGRES: url },
});
cluster?.stop();
process.exit(result.status ?? 1);
