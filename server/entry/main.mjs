#!/usr/bin/env node
// @ts-check
// The server: `node server/entry/main.mjs [--dev]`. `npm start` runs it (scripts/start.mjs builds and
// migrates first), and so do the HTTP tests, Playwright's web server and the benchmarks, so what
// is tested is what runs. It validates the configuration, makes the entry's server (http-server.mjs)
// and puts Next.js behind it through Next's custom-server API. Next reads next.config.mjs itself
// (the `conf` option is not used by a custom server), so the build's configuration is the one served.
//
// WebSockets: a WebSocket server on the same origin (live co-editing) is made with `noServer: true`
// and given a path in `upgrades` below; the entry hands it every upgrade on that path. Next never
// sees the server's upgrades: on its first request it would listen for them on whatever server it
// is given and end every upgrade whose path an app route matches (all of /api), so it is given
// `nextUpgrades`, a server that never listens, and hears only what the entry passes it: in
// development, its hot reload.
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { format } from "node:util";
import { readEnv } from "../env-schema.mjs";
import { log } from "../log.mjs";
import { corsPolicy } from "./cors.mjs";
import { createEntryServer } from "./http-server.mjs";
import { createOperations } from "./operations.mjs";
import { routeLabels } from "./route-labels.mjs";

// Named before any thread starts: the worker threads the pool starts later take this name, and the
// runtime's own threads keep "node" (test/http/jobs.test.ts counts the workers that way; so can `ps -L`).
process.title = "inkstone";
// The app's files (the build, the worker bundle, the PDF fonts) and relative settings (./data) are
// found from the app's folder, as under `npm start`, wherever the entry was started from.
const appDir = fileURLToPath(new URL("../..", import.meta.url));
process.chdir(appDir);
const dev = process.argv.includes("--dev");
// Next would load .env itself, after the check below: loaded first, its values are checked too.
try {
  process.loadEnvFile();
} catch {
  // no .env: the environment alone
}

/** @type {import("../env-schema.mjs").Env} */
let env;
/** @type {import("./http-server.mjs").Tls | undefined} */
let tls;
try {
  env = readEnv(process.env);
  if (env.INKSTONE_TLS_CERT && env.INKSTONE_TLS_KEY) {
    tls = { cert: readFileSync(env.INKSTONE_TLS_CERT), key: readFileSync(env.INKSTONE_TLS_KEY) };
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// What Next and the libraries write to the console becomes JSON lines of the server's log too, with
// the request id of the request they were answering: one format for everything on stdout.
for (const [method, level] of /** @type {const} */ ([["debug", "debug"], ["log", "info"], ["info", "info"], ["warn", "warn"], ["error", "error"]])) {
  console[method] = (/** @type {unknown[]} */ ...args) => {
    const err = args.find((arg) => arg instanceof Error);
    const rest = args.filter((arg) => arg !== err);
    log[level](err ? { err } : {}, rest.length > 0 ? format(...rest) : err instanceof Error ? err.message : "");
  };
}

// instrumentation.ts refuses to start without it: under a bare `next start`, nothing would replace
// the peer-address header a client sends (server/auth/client-address.ts trusts it).
Object.assign(globalThis, { [Symbol.for("inkstone.entry")]: true });

// What `next start` and `next dev` set: React and Next choose their production or development code by it.
Object.assign(process.env, { NODE_ENV: dev ? "development" : "production" });
const { default: next } = await import("next");

const nextUpgrades = http.createServer();
const app = next({
  dev,
  dir: appDir,
  hostname: env.INKSTONE_HOST,
  port: env.PORT,
  httpServer: nextUpgrades,
});
await app.prepare();
const handle = app.getRequestHandler();

const cors = corsPolicy(env.INKSTONE_CORS_ORIGINS);
const operations = createOperations({ routeOf: routeLabels(path.join(appDir, env.NEXT_DIST_DIR)), metricsToken: env.INKSTONE_METRICS_TOKEN });
const server = createEntryServer({
  operations,
  // A preflight from a listed origin is answered here; any other request goes on to Next.
  handle: (request, response) => (cors.apply(request, response) ? Promise.resolve() : handle(request, response)),
  upgrades: new Map(),
  otherUpgrade: dev ? (request, socket, head) => void nextUpgrades.emit("upgrade", request, socket, head) : undefined,
  tls,
});
server.on("error", (error) => {
  log.fatal(`Cannot serve on port ${env.PORT}: ${error.message}`);
  process.exit(1);
});
server.listen(env.PORT, env.INKSTONE_HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  log.info(`Inkstone is serving on ${tls ? "https" : "http"}://${env.INKSTONE_HOST ?? "localhost"}:${port}`);
});

// Requests under way get up to STOP_GRACE_MS to be answered before the process ends; a client
// that keeps its connection busy longer does not keep the process alive.
const STOP_GRACE_MS = 10_000;
let stopping = false;
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close(() => void app.close().finally(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), STOP_GRACE_MS).unref();
  });
}
