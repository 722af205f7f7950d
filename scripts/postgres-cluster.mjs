// A throwaway PostgreSQL cluster for tests and benchmarks, from Debian's postgresql package
// (/usr/lib/postgresql/<version>/bin). As root, the cluster runs as the postgres user.
import { execFileSync } from "node:child_process";
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

const NOT_INSTALLED = "PostgreSQL is not installed (apt-get install postgresql), and INKSTONE_TEST_POSTGRES is not set.";

function installedVersion() {
  const root = "/usr/lib/postgresql";
  return existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
}

/** Why the PostgreSQL suite cannot run here, or undefined when it can. */
export function postgresUnavailable() {
  return process.env.INKSTONE_TEST_POSTGRES || installedVersion() ? undefined : NOT_INSTALLED;
}

function postgresBin() {
  const version = installedVersion();
  if (!version) throw new Error(NOT_INSTALLED);
  return path.join("/usr/lib/postgresql", version, "bin");
}

/** Starts a cluster on a free port; `url` has no database name, `stop()` removes it all. */
export async function throwawayCluster() {
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
  // fsync off: a test cluster lives for one run; durability is SQLite's test (test/http/crash.test.ts).
  run("pg_ctl", ["-D", dir, "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`, "-l", path.join(dir, "log"), "-w", "start"]);
  return {
    url: `postgresql://postgres@127.0.0.1:${port}`,
    stop() {
      run("pg_ctl", ["-D", dir, "-m", "immediate", "-w", "stop"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

