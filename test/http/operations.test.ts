// @module-tag postgres
import { randomBytes } from "node:crypto";
import { renameSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import parsePrometheusTextFormat, { type MetricFamily } from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sqliteFile } from "@/server/sql/sqlite";
import { call, expectFailure, expectSuccess } from "../support/http-client";
import { onPostgres, POSTGRES } from "../support/database";
import { PASSWORD, uniqueEmail } from "../support/http-users";
import { startServer, type RunningServer } from "../support/server";

// Issue 34 item 3: health, metrics and request logs. A server of its own, logging at "info" (one
// access line a request) into output the test reads, with a metrics token and a CORS origin.
const METRICS_TOKEN = randomBytes(24).toString("base64url");
const ORIGIN = "https://app.example";
let server: RunningServer;
let token: string;
beforeAll(async () => {
  server = await startServer({ INKSTONE_LOG_LEVEL: "info", INKSTONE_METRICS_TOKEN: METRICS_TOKEN, INKSTONE_CORS_ORIGINS: ORIGIN }, undefined, { captureOutput: true });
  const account = { email: uniqueEmail("operator"), password: PASSWORD };
  expectSuccess(await send("POST", "/api/v1/users", { json: account }), 201);
  token = expectSuccess(await send("POST", "/auth/login", { json: account }), 200).access_token;
}, 90_000);
afterAll(() => server?.stop());

const send = (method: string, path: string, options: { token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {}) =>
  call(method, path, { baseUrl: server.baseUrl, ...options });

/** An id of the test's own, to find its request in the log. */
const newId = (label: string) => `${label}-${randomBytes(6).toString("hex")}`;

interface LogLine {
  level: string;
  msg: string;
  requestId?: string;
  err?: { stack?: string; message?: string };
  [field: string]: unknown;
}

/** The log's lines of one request, once `count` of them mention its id. */
async function linesOf(requestId: string, count = 1): Promise<LogLine[]> {
  const output = await server.outputMatching(new RegExp(`"requestId":"${requestId}"`), count);
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.requestId === requestId);
}

describe("/healthz and /readyz", () => {
  it("answers alive, and ready with each check, without a credential", async () => {
    const alive = await send("GET", "/healthz");
    expect(expectSuccess(alive, 200)).toEqual({ status: "alive" });
    const ready = await send("GET", "/readyz");
    expect(expectSuccess(ready, 200)).toEqual({ status: "ready", checks: { database: "ok", workers: "ok", disk: "ok" } });
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect((await send("HEAD", "/readyz")).status).toBe(200);
    const refused = await send("POST", "/healthz");
    expectFailure(refused, 405, "method_not_allowed");
    expect(refused.headers.get("allow")).toBe("GET, HEAD");
  });

  it("answers 503 naming the database when its file is gone from under the server, and ready again once it is back", async () => {
    if (POSTGRES) {
      // The database refuses new connections and drops the server's: a PostgreSQL gone away.
      const database = new URL(server.databaseUrl).pathname.slice(1);
      await onPostgres(`ALTER DATABASE "${database}" WITH ALLOW_CONNECTIONS false`);
      await onPostgres(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}'`);
    } else renameSync(sqliteFile(server.databaseUrl), `${sqliteFile(server.databaseUrl)}.moved`);
    try {
      const notReady = await send("GET", "/readyz", { headers: { "x-request-id": "readyz-down" } });
      expectFailure(notReady, 503, "not_ready");
      expect(notReady.body.details.failed).toEqual(["database"]);
      expect(notReady.body.details.checks).toMatchObject({ database: expect.not.stringMatching(/^ok$/), workers: "ok", disk: "ok" });
      expect(notReady.body.msg).toContain("database");
      expect(notReady.body.requestId).toBe("readyz-down");
      expect(notReady.headers.get("retry-after")).toBe("5");
      // alive all the same: a supervisor must not restart a server whose database is away
      expect((await send("GET", "/healthz")).status).toBe(200);
    } finally {
      if (POSTGRES) await onPostgres(`ALTER DATABASE "${new URL(server.databaseUrl).pathname.slice(1)}" WITH ALLOW_CONNECTIONS true`);
      else renameSync(`${sqliteFile(server.databaseUrl)}.moved`, sqliteFile(server.databaseUrl));
    }
    expectSuccess(await send("GET", "/readyz"), 200);
  });

  it("answers 503 naming the disk when the data folder is gone", async () => {
    const moved = `${server.dataDir}.moved`;
    renameSync(server.dataDir, moved);
    try {
      const notReady = await send("GET", "/readyz");
      expectFailure(notReady, 503, "not_ready");
      expect(notReady.body.details.failed).toContain("disk");
      expect(notReady.body.details.checks.disk).toContain(path.resolve(server.dataDir));
    } finally {
      renameSync(moved, server.dataDir);
    }
    expectSuccess(await send("GET", "/readyz"), 200);
  });
});

describe("request ids", () => {
  it("echoes a sane X-Request-Id and makes one for a missing or unsafe one", async () => {
    const id = newId("client");
    expect((await send("GET", "/healthz", { headers: { "x-request-id": id } })).headers.get("x-request-id")).toBe(id);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const made = [(await send("GET", "/healthz")).headers.get("x-request-id"), (await send("GET", "/api/v1/books", { token })).headers.get("x-request-id")];
    for (const value of made) expect(value).toMatch(uuid);
    expect(made[0]).not.toBe(made[1]);
    for (const unsafe of ["x".repeat(129), "two words", "quote\"d", "<script>", "ünïcode"]) {
      const answer = await send("GET", "/healthz", { headers: { "x-request-id": unsafe } });
      expect(answer.headers.get("x-request-id"), unsafe).toMatch(uuid);
    }
  });

  it("puts the id in REST's and tRPC's error bodies and in the request's access line", async () => {
    const id = newId("missing");
    const missing = await send("GET", "/api/v1/books/no-such-book", { token, headers: { "x-request-id": id } });
    expectFailure(missing, 404, "not_found");
    expect(missing.body.requestId).toBe(id);
    const unauthenticated = await send("GET", "/api/v1/books");
    expect(unauthenticated.body.requestId).toBe(unauthenticated.headers.get("x-request-id"));
    const rpc = await send("GET", "/api/trpc/books.list");
    expect(rpc.status).toBe(401);
    expect(rpc.body.error.data.requestId).toBe(rpc.headers.get("x-request-id"));

    const [line] = await linesOf(id);
    expect(line).toMatchObject({ level: "info", msg: "request", requestId: id, method: "GET", route: "/api/v1/books/{bookId}", path: "/api/v1/books/no-such-book", status: 404 });
    expect(line!.bytes).toBe(Buffer.byteLength(missing.text));
    expect(line!.durationMs).toEqual(expect.any(Number));
    expect(line!.err).toBeUndefined();
  });

  it("is exposed to other origins' pages by CORS, which may send their own", async () => {
    const answer = await send("GET", "/api/v1/books", { token, headers: { origin: ORIGIN } });
    expect(answer.headers.get("access-control-expose-headers")!.toLowerCase().split(/,\s*/)).toContain("x-request-id");
    const preflight = await send("OPTIONS", "/api/v1/books", { headers: { origin: ORIGIN, "access-control-request-method": "GET", "access-control-request-headers": "x-request-id" } });
    expect(preflight.headers.get("access-control-allow-headers")!.toLowerCase()).toContain("x-request-id");
  });
});

describe("the log", () => {
  it("writes one line, without a stack, for a request whose client went away", async () => {
    const id = newId("cut");
    const address = new URL(server.baseUrl);
    const socket = connect(Number(address.port), address.hostname);
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      `POST /api/v1/books HTTP/1.1\r\nHost: ${address.host}\r\nAuthorization: Bearer ${token}\r\nX-Request-Id: ${id}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"title": "Cut`,
    );
    // The server has read the head and waits for the rest when a probe on another connection is answered.
    await send("GET", "/healthz");
    socket.destroy();
    const lines = await linesOf(id, 2);
    const access = lines.filter((line) => line.msg === "request aborted by the client");
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ aborted: true, route: "/api/v1/books", method: "POST" });
    expect(lines.filter((line) => line.err?.stack !== undefined)).toEqual([]);
    expect(lines.every((line) => line.level !== "error")).toBe(true);
  });

  it.skipIf(POSTGRES)("logs a real fault's stack once, with the request id the 500's body carries", async () => {
    // On SQLite a queued upload is written into job-files beside the database file: a plain file
    // in its place is a fault of the machine, not of the request.
    writeFileSync(path.join(path.dirname(sqliteFile(server.databaseUrl)), "job-files"), "in the way");
    const id = newId("fault");
    const body = new FormData();
    body.set("from", "md");
    body.set("to", "html");
    body.set("file", new Blob(["# A chapter"]), "chapter.md");
    const failed = await send("POST", "/api/v1/convert?async=1", { token, body, headers: { "x-request-id": id } });
    expectFailure(failed, 500, "internal");
    expect(failed.body.requestId).toBe(id);
    expect(failed.text).not.toContain("job-files");
    const lines = await linesOf(id, 2);
    const faults = lines.filter((line) => line.level === "error");
    expect(faults).toHaveLength(1);
    expect(faults[0]!.err!.stack).toMatch(/\n\s+at /);
    expect(lines.filter((line) => line.msg === "request")).toMatchObject([{ status: 500, route: "/api/v1/convert" }]);
  });
});

describe("/metrics", () => {
  type Family = MetricFamily;

  async function exposition(): Promise<string> {
    const answer = await send("GET", "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    return answer.text;
  }
  const scrape = async (): Promise<Family[]> => parsePrometheusTextFormat(await exposition());

  /**
   * One series of a histogram's samples (`_count`, `_bucket`) as the parser reads them. The parser
   * folds a histogram's series into one when they have labels other than `le`, so each kind of
   * sample line is handed to it as a family of its own, whose labels it keeps.
   */
  const histogramSamples = (text: string, name: string) =>
    parsePrometheusTextFormat(`# TYPE ${name} untyped\n${text.split("\n").filter((line) => line.startsWith(`${name}{`)).join("\n")}\n`)[0]!.metrics;

  const family = (families: Family[], name: string) => families.find((f) => f.name === name);
  const requestsOf = (families: Family[], labels: Record<string, string>) =>
    Number(family(families, "inkstone_http_requests_total")?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ?? 0);

  it("asks for the metrics token", async () => {
    expectFailure(await send("GET", "/metrics"), 401, "unauthenticated");
    expectFailure(await send("GET", "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } }), 401, "unauthenticated");
    expectFailure(await send("GET", "/metrics", { headers: { authorization: `Bearer ${token}` } }), 401, "unauthenticated");
  });

  it("counts requests by route template and status, by exactly what was sent", async () => {
    const labels = { method: "GET", route: "/api/v1/books/{bookId}", status: "404" };
    const before = requestsOf(await scrape(), labels);
    const ids = ["one-book", "another-book", "a-third-book"];
    for (const id of ids) expectFailure(await send("GET", `/api/v1/books/${id}`, { token }), 404, "not_found");
    const after = await scrape();
    expect(requestsOf(after, labels) - before).toBe(ids.length);
    // The template, never the raw path: an id never becomes a label.
    const routes = family(after, "inkstone_http_requests_total")!.metrics.map((m) => m.labels!.route!);
    for (const id of ids) expect(routes.some((route) => route.includes(id))).toBe(false);
    expect(requestsOf(after, { route: "/healthz", status: "200" })).toBeGreaterThan(0);
    expect(requestsOf(after, { route: "/api/trpc/books.list", status: "401" })).toBeGreaterThan(0);

    expect(family(after, "inkstone_http_request_duration_seconds")!.type).toBe("HISTOGRAM");
    const text = await exposition();
    const ofBooks = (m: Family["metrics"][number]) => m.labels?.route === "/api/v1/books/{bookId}" && m.labels.method === "GET";
    const count = Number(histogramSamples(text, "inkstone_http_request_duration_seconds_count").find(ofBooks)!.value);
    expect(count).toBeGreaterThanOrEqual(ids.length);
    const buckets = histogramSamples(text, "inkstone_http_request_duration_seconds_bucket").filter(ofBooks);
    expect(buckets.map((m) => m.labels!.le)).toContain("+Inf");
    expect(Number(buckets.find((m) => m.labels!.le === "+Inf")!.value)).toBe(count);
  });

  it("reports the job queue, the workers, the database pool and the event loop's lag", async () => {
    const families = await scrape();
    const states = family(families, "inkstone_jobs")!.metrics.map((m) => m.labels!.state);
    expect(states).toEqual(expect.arrayContaining(["queued", "running"]));
    expect(family(families, "inkstone_job_runner_capacity")!.metrics[0]!.value).toBe("4");
    const lanes = family(families, "inkstone_worker_threads")!.metrics.map((m) => m.labels!.lane);
    expect(lanes).toEqual(expect.arrayContaining(["heavy", "quick", "scan"]));
    expect(family(families, "inkstone_worker_threads_busy")).toBeDefined();
    expect(family(families, "inkstone_worker_tasks_waiting")).toBeDefined();
    const engine = POSTGRES ? "postgresql" : "sqlite";
    expect(family(families, "inkstone_database_connections_max")!.metrics).toEqual([{ labels: { engine }, value: POSTGRES ? "10" : "1" }]);
    expect(family(families, "inkstone_database_connections")!.metrics.map((m) => m.labels!.state)).toEqual(expect.arrayContaining(["in_use", "idle"]));
    expect(family(families, "inkstone_database_waiting")).toBeDefined();
    expect(family(families, "nodejs_eventloop_lag_seconds")).toBeDefined();
    expect(family(families, "nodejs_eventloop_lag_p99_seconds")).toBeDefined();
  });
});

describe("a server without a metrics token", () => {
  it("does not serve /metrics at all", async () => {
    const answer = await fetch(`${inject("baseUrl")}/metrics`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain("inkstone_http_requests_total");
  });
});
