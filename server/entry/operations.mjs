// @ts-check
// What an operator watches (issue 34 item 3, docs/operations.md#monitoring): a request id on every
// request, one access line each, Prometheus metrics, and the health endpoints. All at the entry,
// where every request passes (REST, tRPC, pages, Next's assets) and which knows when an answer
// ended or its client went away. The app adds what only it knows through globalThis: the route a
// request matched (server/log.mjs `nameRoute`) and the checks and gauges of its database, job queue
// and workers (server/compose/operations.ts). The decisions: docs/decisions/0478-health-metrics-and-request-ids.md.
import { randomUUID, timingSafeEqual, createHash } from "node:crypto";
import client from "prom-client";
import { log, loggablePath, requestContext } from "../log.mjs";

export const REQUEST_ID_HEADER = "x-request-id";
/** A client's own id is kept when it is this short and of these characters: it goes into log lines and headers. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: the client's X-Request-Id (a proxy's, or a client's tracing its own calls)
 * when it is sane, else a new UUID.
 * @param {string | string[] | undefined} given
 */
export function requestIdFrom(given) {
  return typeof given === "string" && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * What instrumentation.ts publishes (server/compose/operations.ts has the types' source).
 * @typedef {{ jobs: { queued: number, running: number } | null, runner: { active: number, capacity: number },
 *   workers: { lane: string, threads: number, busy: number, waiting: number }[],
 *   database: { engine: string, max: number, open: number, inUse: number, waiting: number } }} OperationsSnapshot
 * @typedef {{ readiness(): Promise<Record<string, string | null>>, snapshot(): Promise<OperationsSnapshot> }} Operations
 */

/** @returns {Operations | undefined} */
function appOperations() {
  return /** @type {Record<symbol, Operations | undefined>} */ (/** @type {unknown} */ (globalThis))[Symbol.for("inkstone.operations")];
}

/** The status counted for a request whose client went away before its answer ended (nginx's "client closed request"). */
export const CLIENT_CLOSED = 499;

/** Paths the entry answers itself. Probes are frequent: their access lines are at debug level. */
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * @param {object} options
 * @param {(path: string) => string} options.routeOf the route of a path the app did not name (route-labels.mjs)
 * @param {string | undefined} options.metricsToken the Bearer token /metrics asks for; undefined: /metrics is not served
 */
export function createOperations({ routeOf, metricsToken }) {
  const registry = new client.Registry();
  // process and Node.js metrics: CPU, memory, heap, GC, handles, and the event loop's lag
  // (nodejs_eventloop_lag_seconds, nodejs_eventloop_lag_p99_seconds …)
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new client.Counter({
    name: "inkstone_http_requests_total",
    help: `Requests answered, by method, route template and status (${CLIENT_CLOSED}: the client closed the connection first).`,
    labelNames: ["method", "route", "status"],
    registers,
  });
  const duration = new client.Histogram({
    name: "inkstone_http_request_duration_seconds",
    help: "From the request's arrival to the last byte of its answer, by method and route template.",
    labelNames: ["method", "route"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const inFlight = new client.Gauge({ name: "inkstone_http_requests_in_flight", help: "Requests being answered now.", registers });
  const jobs = new client.Gauge({ name: "inkstone_jobs", help: "Unexpired background jobs on every instance, by state (queued: the queue's depth).", labelNames: ["state"], registers });
  const runnerActive = new client.Gauge({ name: "inkstone_job_runner_active", help: "Jobs this instance's runner is running.", registers });
  const runnerCapacity = new client.Gauge({ name: "inkstone_job_runner_capacity", help: "Jobs this instance's runner runs at most at once.", registers });
  const workerThreads = new client.Gauge({ name: "inkstone_worker_threads", help: "Worker threads a lane may run.", labelNames: ["lane"], registers });
  const workerBusy = new client.Gauge({ name: "inkstone_worker_threads_busy", help: "Worker threads running a task, by lane (busy / threads: the lane's saturation).", labelNames: ["lane"], registers });
  const workerWaiting = new client.Gauge({ name: "inkstone_worker_tasks_waiting", help: "Tasks waiting for a worker thread, by lane.", labelNames: ["lane"], registers });
  const poolMax = new client.Gauge({ name: "inkstone_database_connections_max", help: "Connections the database pool may open (SQLite: one).", labelNames: ["engine"], registers });
  const poolConnections = new client.Gauge({ name: "inkstone_database_connections", help: "Open database connections, by state.", labelNames: ["engine", "state"], registers });
  const poolWaiting = new client.Gauge({ name: "inkstone_database_waiting", help: "Queries waiting for a database connection.", labelNames: ["engine"], registers });

  /** Reads the app's gauges just before a scrape answers. */
  async function readGauges() {
    const snapshot = await appOperations()?.snapshot();
    if (!snapshot) return;
    // A queue the database did not report is left out rather than shown at its last count.
    jobs.reset();
    if (snapshot.jobs) {
      jobs.set({ state: "queued" }, snapshot.jobs.queued);
      jobs.set({ state: "running" }, snapshot.jobs.running);
    }
    runnerActive.set(snapshot.runner.active);
    runnerCapacity.set(snapshot.runner.capacity);
    for (const lane of snapshot.workers) {
      workerThreads.set({ lane: lane.lane }, lane.threads);
      workerBusy.set({ lane: lane.lane }, lane.busy);
      workerWaiting.set({ lane: lane.lane }, lane.waiting);
    }
    const { engine } = snapshot.database;
    poolMax.set({ engine }, snapshot.database.max);
    poolConnections.set({ engine, state: "in_use" }, snapshot.database.inUse);
    poolConnections.set({ engine, state: "idle" }, snapshot.database.open - snapshot.database.inUse);
    poolWaiting.set({ engine }, snapshot.database.waiting);
  }

  const expectedToken = metricsToken === undefined ? undefined : createHash("sha256").update(metricsToken).digest();
  /** @param {string | undefined} authorization */
  function scraperAllowed(authorization) {
    if (!expectedToken || !authorization?.startsWith("Bearer ")) return false;
    // Hashes of equal length, compared in constant time: the answer tells nothing of the token.
    return timingSafeEqual(createHash("sha256").update(authorization.slice("Bearer ".length)).digest(), expectedToken);
  }

  /**
   * Answers /healthz, /readyz and /metrics; false for any other path (or /metrics while it is
   * not served), which goes on to the app.
   * @param {import("node:http").IncomingMessage} request
   * @param {import("node:http").ServerResponse} response
   * @param {string} path
   * @returns {Promise<boolean>}
   */
  async function answerProbe(request, response, path) {
    if (!PROBES.has(path) || (path === "/metrics" && !expectedToken)) return false;
    const context = requestContext.getStore();
    if (context) context.route = path;
    if (request.method !== "GET" && request.method !== "HEAD") {
      send(response, 405, { code: 40500, msg: `${request.method} is not allowed here; use GET, HEAD.`, error: "method_not_allowed" }, { allow: "GET, HEAD" });
      return true;
    }
    if (path === "/healthz") {
      send(response, 200, { code: 200, msg: "ok", data: { status: "alive" } });
    } else if (path === "/readyz") {
      const operations = appOperations();
      const checks = operations ? await operations.readiness() : { app: "The app is still starting." };
      const failed = Object.entries(checks).filter(([, problem]) => problem !== null);
      if (failed.length === 0) send(response, 200, { code: 200, msg: "ok", data: { status: "ready", checks: Object.fromEntries(Object.keys(checks).map((name) => [name, "ok"])) } });
      else {
        // Once per answer, at warn: a load balancer's probes every few seconds say the same thing.
        log.warn({ checks: Object.fromEntries(failed) }, `not ready: ${failed.map(([name]) => name).join(", ")}`);
        send(response, 503, {
          code: 50300,
          msg: `Not ready: ${failed.map(([name, problem]) => `${name}: ${problem}`).join(" ")}`,
          error: "not_ready",
          details: { failed: failed.map(([name]) => name), checks: Object.fromEntries(Object.entries(checks).map(([name, problem]) => [name, problem ?? "ok"])) },
        }, { "retry-after": "5" });
      }
    } else if (!scraperAllowed(request.headers.authorization)) {
      send(response, 401, { code: 40100, msg: "Send the metrics token as a Bearer token (INKSTONE_METRICS_TOKEN).", error: "unauthenticated" }, { "www-authenticate": 'Bearer realm="inkstone-metrics"' });
    } else {
      await readGauges().catch((/** @type {unknown} */ error) => log.warn({ err: error }, "the metrics' gauges could not be read"));
      const text = await registry.metrics();
      response.statusCode = 200;
      response.setHeader("content-type", registry.contentType);
      response.setHeader("cache-control", "no-store");
      response.end(request.method === "HEAD" ? undefined : text);
    }
    return true;
  }

  /**
   * Counts and logs a request once its answer ended or its client went away (one access line), or
   * its answer failed. `started` is process.hrtime.bigint() at its arrival.
   * @param {import("node:http").IncomingMessage} request
   * @param {import("node:http").ServerResponse & { bodyBytes?: number }} response
   * @param {{ id: string, route?: string }} context
   * @param {{ method: string, path: string, started: bigint }} arrival
   */
  function observe(request, response, context, arrival) {
    inFlight.inc();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight.dec();
      const closedEarly = !response.writableFinished;
      const status = closedEarly ? CLIENT_CLOSED : response.statusCode;
      const seconds = Number(process.hrtime.bigint() - arrival.started) / 1e9;
      const route = context.route ?? routeOf(arrival.path);
      requests.inc({ method: arrival.method, route, status: String(status) });
      duration.observe({ method: arrival.method, route }, seconds);
      const line = {
        requestId: context.id,
        method: arrival.method,
        route,
        path: loggablePath(arrival.path),
        status,
        durationMs: Math.round(seconds * 1e4) / 10,
        bytes: response.bodyBytes ?? 0,
      };
      const level = PROBES.has(arrival.path) ? "debug" : "info";
      if (closedEarly) log[level]({ ...line, aborted: true }, "request aborted by the client");
      else log[level](line, "request");
    };
    response.once("finish", finish);
    response.once("close", finish);
  }

  return { answerProbe, observe };
}

/**
 * A small JSON answer of the entry's own.
 * @param {import("node:http").ServerResponse} response
 * @param {number} status
 * @param {Record<string, unknown>} body
 * @param {Record<string, string>} [headers]
 */
function send(response, status, body, headers = {}) {
  // A failure carries the request's id, as the app's do.
  const requestId = requestContext.getStore()?.id;
  const text = JSON.stringify("error" in body && requestId !== undefined ? { ...body, requestId } : body);
  response.statusCode = status;
  response.setHeader("content-type", "application/json; charset=utf-8");
  response.setHeader("cache-control", "no-store");
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  response.end(response.req?.method === "HEAD" ? undefined : text);
}
