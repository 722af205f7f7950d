#!/usr/bin/env node
// `npm run test:postgres`: the use-case and HTTP suites against PostgreSQL instead of SQLite.
// With INKSTONE_TEST_POSTGRES (postgresql://user@host:port, no database) it uses that server;
// otherwise it starts a throwaway cluster from Debian's postgresql package (/usr/lib/postgresql/
// <version>/bin; as root, the cluster runs as the postgres user) and removes it afterwards.
// Extra arguments go to vitest (e.g. a test file).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { throwawayCluster } from "./postgres-cluster.mjs";

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
