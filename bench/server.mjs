// Servers for the benchmarks that need more than bench/api's one: a fresh database (SQLite file
// or PostgreSQL database), and server processes (server/entry/main.mjs, what `npm start` runs) on it,
// started and stopped together.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { buildIsCurrent } from "../scripts/build-stamp.mjs";
import { migrate } from "../scripts/migrate.mjs";
import { throwawayCluster } from "../scripts/postgres-cluster.mjs";
import { readEnv } from "../server/env-schema.mjs";
import { freePort } from "./free-port.mjs";

// A benchmark's build has the baseline route (/api/bench-baseline) these servers are probed on:
// set before the build-currency check below, which counts it (scripts/build-stamp.mjs).
process.env.INKSTONE_BENCH = "1";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOST = "127.0.0.1";


/** A migrated database for `engine` ("sqlite" or "postgres") and the servers that run on it. */
export async function benchDatabase(engine) {
  const distDir = readEnv(process.env).NEXT_DIST_DIR;
  if (!buildIsCurrent(ROOT, distDir)) spawnSync(process.execPath, [path.join(ROOT, "scripts/build.mjs")], { cwd: ROOT, stdio: "inherit" });
  const tmp = mkdtempSync(path.join(os.tmpdir(), "inkstone-bench-"));
  let cluster = null;
  let url = `file:${path.join(tmp, "inkstone.db")}`;
  if (engine === "postgres") {
    const server = process.env.INKSTONE_TEST_POSTGRES ?? (cluster = await throwawayCluster()).url;
    const database = `inkstone_bench_${randomBytes(4).toString("hex")}`;
    const client = new pg.Client({ connectionString: `${server}/postgres` });
    await client.connect();
    await client.query(`CREATE DATABASE "${database}"`);
    await client.end();
    url = `${server}/${database}`;
  } else if (engine !== "sqlite") throw new Error(`--database takes sqlite or postgres (got ${engine})`);
  const env = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_DIST_DIR: distDir,
    DATABASE_URL: url,
    INKSTONE_DATA_DIR: tmp,
    INKSTONE_BENCH: "1",
    INKSTONE_JWT_SECRET: randomBytes(48).toString("base64url"),
    AUTH_SECRET: randomBytes(48).toString("base64url"),
    INKSTONE_LOGIN_ATTEMPTS: "1000000",
    INKSTONE_ADDRESS_ATTEMPTS: "1000000",
    INKSTONE_SIGNUP_ATTEMPTS: "1000000",
    // The per-credential limit counts every request (its cost is measured) but never refuses one.
    INKSTONE_TOKEN_RATE: "1000000",
    INKSTONE_TOKEN_BURST: "1000000",
  };
  delete env.NODE_OPTIONS;
  migrate(env, "pipe");

  const servers = [];
  return {
    url,
    /** Starts one more server on this database; resolves with its base URL and pid. */
    async start() {
      const port = await freePort(HOST);
      const log = openSync(path.join(tmp, `server-${servers.length + 1}.log`), "a");
      const child = spawn(process.execPath, [path.join(ROOT, "server/entry/main.mjs")], {
        cwd: ROOT,
        env: { ...env, PORT: String(port), INKSTONE_HOST: HOST },
        stdio: ["ignore", log, log],
      });
      servers.push(child);
      const base = `http://${HOST}:${port}`;
      for (const until = Date.now() + 60_000; ; ) {
        if (child.exitCode !== null) throw new Error(`a server exited: ${readFileSync(path.join(tmp, `server-${servers.length}.log`), "utf8").slice(-2000)}`);
        try {
          if ((await fetch(`${base}/api/bench-baseline`)).status === 200) return { base, pid: child.pid };
        } catch {}
        if (Date.now() > until) throw new Error("a server did not start within 60 s");
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async stop() {
      await Promise.all(
        servers.map((child) => {
          if (child.exitCode !== null) return undefined;
          const exited = new Promise((resolve) => child.once("exit", resolve));
          child.kill("SIGTERM");
          return exited;
        }),
      );
      cluster?.stop();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** A process's CPU time so far in ms (user + system, all threads), from /proc. */
export function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const ticks = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
}

/** JSON over HTTP, failing loudly on an unexpected status. */
export async function api(base, method, pathname, { token, body, expect } = {}) {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: { accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (expect !== undefined && response.status !== expect) throw new Error(`${method} ${pathname} answered ${response.status}: ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** A writer with a token, on a fresh server's database (the first account, the admin, is someone else). */
export async function benchWriter(base) {
  await api(base, "POST", "/api/v1/users", { body: { email: "admin@bench.invalid", password: "bench-admin-password-1" }, expect: 201 });
  const writer = { email: "writer@bench.invalid", password: "bench-writer-password-1" };
  await api(base, "POST", "/api/v1/users", { body: writer, expect: 201 });
  return (await api(base, "POST", "/auth/login", { body: writer, expect: 200 })).data.access_token;
}

/** About `words` words of plain prose. */
export function prose(words, seed = 1) {
  const vocabulary = "the snow kept falling on the old road while she walked home past the harbour and the lantern".split(" ");
  return Array.from({ length: words }, (_, i) => vocabulary[(i * 7 + seed) % vocabulary.length]).join(" ");
}
