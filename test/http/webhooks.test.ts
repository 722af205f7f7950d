// @module-tag postgres
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectFailure, expectSuccess } from "../support/http-client";
import { unfinishedJob } from "../support/http-webhooks-cases";
import { PASSWORD, uniqueEmail, type Account } from "../support/http-users";
import { startServer, type RunningServer } from "../support/server";

// Issue 33 item 9 (decision 0474): webhooks against a running server, received by a real HTTP
// server here that checks every signature as docs/api.md tells a receiver to. Nothing sleeps: each
// step waits for the delivery it expects to arrive (the test's limit bounds it), and the retry
// schedule itself runs on the use-case tests' clock (test/unit/webhooks.test.ts).

/** The receiver's check, as docs/api.md shows it. */
function verify(secret: string, header: string, rawBody: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2))) as Record<string, string | undefined>;
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each event type's data, read loosely
  event: { id: string; type: string; createdAt: string; webhookId: string; data: Record<string, any> };
}

let server: RunningServer;
let receiver: Server;
let receiverBase: string;
const deliveries: Delivery[] = [];
const waiters: { match: (d: Delivery) => boolean; resolve: (d: Delivery) => void }[] = [];
/** the status the receiver answers with, per path (200 unless set) */
const answers = new Map<string, number>();

/** Resolves with the first delivery (already received, or the next to come) that matches. */
function arrival(match: (d: Delivery) => boolean): Promise<Delivery> {
  const already = deliveries.find(match);
  if (already) return Promise.resolve(already);
  return new Promise((resolve) => waiters.push({ match, resolve }));
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const delivery: Delivery = { path: request.url ?? "", headers: request.headers, body, event: JSON.parse(body) as Delivery["event"] };
      deliveries.push(delivery);
      response.writeHead(answers.get(delivery.path) ?? 200).end("thanks");
      for (const waiter of waiters.filter((w) => w.match(delivery))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(delivery);
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // chapter.saved without the 30 s rest, so a save is heard within the drainer's second.
  server = await startServer({ INKSTONE_WEBHOOKS_CHAPTER_QUIET_SECONDS: "0" });
}, 300_000);
afterAll(async () => {
  server?.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const api = (method: string, path: string, token: string, json?: unknown) => call(method, path, { baseUrl: server.baseUrl, token, json });

async function signUp(label: string): Promise<Account> {
  const account = { email: uniqueEmail(label), password: PASSWORD };
  const user = expectSuccess(await call("POST", "/api/v1/users", { baseUrl: server.baseUrl, json: { ...account, name: label } }), 201);
  const pair = expectSuccess(await call("POST", "/auth/login", { baseUrl: server.baseUrl, json: account }), 200);
  return { ...account, id: user.id, role: user.role, token: pair.access_token, refreshToken: pair.refresh_token };
}

async function register(writer: Account, path: string, events: string[], extra: Record<string, unknown> = {}) {
  return expectSuccess(await api("POST", "/api/v1/webhooks", writer.token, { url: `${receiverBase}${path}`, events, ...extra }), 201) as { id: string; secret: string };
}

function expectSigned(delivery: Delivery, secret: string, type: string) {
  expect(delivery.headers["inkstone-event"]).toBe(type);
  expect(delivery.event.type).toBe(type);
  expect(delivery.headers["inkstone-event-id"]).toBe(delivery.event.id);
  expect(delivery.headers["content-type"]).toBe("application/json");
  expect(delivery.headers["user-agent"]).toBe("Inkstone-Webhooks/1");
  expect(verify(secret, String(delivery.headers["inkstone-signature"]), delivery.body)).toBe(true);
  expect(verify("whsec_not-the-secret", String(delivery.headers["inkstone-signature"]), delivery.body)).toBe(false);
}

describe("webhooks over HTTP", () => {
  it("sends signed book, chapter and job events to the writer's receiver, and logs every delivery", async () => {
    const writer = await signUp("hooks-http");
    const hook = await register(writer, "/all", ["*"]);

    const ping = expectSuccess(await api("POST", `/api/v1/webhooks/${hook.id}/pings`, writer.token), 201);
    expect(ping).toMatchObject({ event: "ping", status: "delivered", attempts: [{ statusCode: 200, error: null, responseExcerpt: "thanks" }] });
    expectSigned(await arrival((d) => d.event.type === "ping" && d.path === "/all"), hook.secret, "ping");

    const book = expectSuccess(await api("POST", "/api/v1/books", writer.token, { title: "Heard" }), 201);
    expectSigned(await arrival((d) => d.event.type === "book.created" && d.event.data.book.id === book.id), hook.secret, "book.created");

    const chapter = expectSuccess(await api("POST", `/api/v1/books/${book.id}/chapters`, writer.token, { title: "One", content: "First." }), 201);
    expectSuccess(await api("PATCH", `/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token, { version: 1, content: "Second." }), 201);
    const saved = await arrival((d) => d.event.type === "chapter.saved" && d.event.data.chapter.id === chapter.id && d.event.data.chapter.version === 2);
    expectSigned(saved, hook.secret, "chapter.saved");
    expect(saved.event.data).toMatchObject({ book: { id: book.id, title: "Heard" }, savedBy: writer.id, change: "save", links: { chapter: `/api/v1/books/${book.id}/chapters/${chapter.id}` } });

    // A job answered 202 says when to poll (Retry-After); the hook hears when it ends instead.
    const form = new FormData();
    form.set("to", "html");
    form.set("file", new Blob(["# One\n\nText.\n"], { type: "text/markdown" }), "small.md");
    const queued = await call("POST", "/api/v1/convert?async=1", { baseUrl: server.baseUrl, token: writer.token, body: form });
    const job = expectSuccess(queued, 202);
    expect(queued.headers.get("retry-after")).toBe("2");
    expect(queued.headers.get("location")).toBe(`/api/v1/jobs/${job.id}`);
    const finished = await arrival((d) => d.event.type === "job.succeeded" && d.event.data.job.id === job.id);
    expectSigned(finished, hook.secret, "job.succeeded");
    expect(finished.event.data.job).toMatchObject({ id: job.id, status: "succeeded", links: { file: `/api/v1/jobs/${job.id}/file` } });

    const log = expectSuccess(await api("GET", `/api/v1/webhooks/${hook.id}/deliveries?per_page=100`, writer.token), 200) as { event: string; status: string; attempts: { statusCode: number }[] }[];
    expect(new Set(log.map((d) => d.event))).toEqual(new Set(["ping", "book.created", "chapter.saved", "job.succeeded"]));
    for (const delivery of log) expect(delivery).toMatchObject({ status: "delivered", attempts: [{ statusCode: 200 }] });
  }, 60_000);

  it("records a failed attempt with its retry, redelivers the same event on request, and tells a member only of books they may read", async () => {
    const owner = await signUp("hooks-owner");
    const viewer = await signUp("hooks-viewer");
    const stranger = await signUp("hooks-stranger");
    const failing = await register(owner, "/failing", ["book.deleted"]);
    answers.set("/failing", 500);
    const viewerHook = await register(viewer, "/viewer", ["book.deleted"]);
    await register(stranger, "/stranger", ["*"]);
    const book = expectSuccess(await api("POST", "/api/v1/books", owner.token, { title: "Shared" }), 201);
    expectSuccess(await api("POST", `/api/v1/books/${book.id}/members`, owner.token, { email: viewer.email, role: "viewer" }), 201);
    // A book filter names a book its account may read: another writer's is refused.
    expectFailure(await api("POST", "/api/v1/webhooks", stranger.token, { url: `${receiverBase}/stranger`, events: ["*"], bookId: book.id }), 403, "forbidden");

    expect((await api("DELETE", `/api/v1/books/${book.id}`, owner.token)).status).toBe(204);
    const first = await arrival((d) => d.path === "/failing" && d.event.data.book.id === book.id);
    expect(first.event.data).toMatchObject({ permanent: false, book: { title: "Shared" } });
    const heard = await arrival((d) => d.path === "/viewer" && d.event.data.book.id === book.id);
    expectSigned(heard, viewerHook.secret, "book.deleted");
    expect(deliveries.filter((d) => d.path === "/stranger")).toEqual([]);

    // The failure is logged with when it is tried again (a minute on), once the server recorded it.
    type Logged = { id: string; status: string; eventId: string; nextAttemptAt: string | null; attempts: { at: string; nextRetryAt: string }[] };
    const logged = async () => (expectSuccess(await api("GET", `/api/v1/webhooks/${failing.id}/deliveries`, owner.token), 200) as Logged[])[0]!;
    // The receiver has answered; the server writes the attempt as it reads the answer.
    let delivery = await logged();
    for (let reads = 0; delivery.attempts.length === 0 && reads < 1000; reads++) delivery = await logged();
    expect(delivery).toMatchObject({ event: "book.deleted", status: "pending", eventId: first.event.id, attempts: [{ statusCode: 500, error: "answered 500" }] });
    const attempt = delivery.attempts[0]!;
    expect(Date.parse(attempt.nextRetryAt) - Date.parse(attempt.at)).toBe(60_000);
    expect(delivery.nextAttemptAt).toBe(attempt.nextRetryAt);

    answers.delete("/failing");
    const again = expectSuccess(await api("POST", `/api/v1/webhooks/${failing.id}/deliveries/${delivery.id}/attempts`, owner.token), 201);
    expect(again).toMatchObject({ status: "delivered", eventId: first.event.id, attempts: [{ statusCode: 500 }, { statusCode: 200 }] });
    const redelivered = deliveries.filter((d) => d.path === "/failing");
    expect(redelivered.map((d) => d.headers["inkstone-event-id"])).toEqual([first.event.id, first.event.id]);
    expectSigned(redelivered[1]!, failing.secret, "book.deleted");

    // Another account's hook is not the owner's to read or redeliver.
    expectFailure(await api("GET", `/api/v1/webhooks/${failing.id}`, viewer.token), 403, "forbidden");
    expectFailure(await api("POST", `/api/v1/webhooks/${failing.id}/deliveries/${delivery.id}/attempts`, viewer.token), 403, "forbidden");
  }, 60_000);

  it("refuses what is not a webhook, and changes nothing", async () => {
    const writer = await signUp("hooks-bad");
    for (const body of [
      { url: "ftp://example.com/x", events: ["*"] },
      { url: "not a url", events: ["*"] },
      { url: "https://user:pass@example.com/x", events: ["*"] },
      { url: "https://example.com/x", events: [] },
      { url: "https://example.com/x", events: ["book.burned"] },
      { url: "https://example.com/x", events: ["*"], secret: "mine" },
    ]) {
      expectFailure(await api("POST", "/api/v1/webhooks", writer.token, body), 422, "validation_failed");
    }
    expect(expectSuccess(await api("GET", "/api/v1/webhooks", writer.token), 200)).toEqual([]);
    expectFailure(await api("GET", "/api/v1/webhooks/no-such-hook", writer.token), 404, "not_found");
  });
});

describe("a server that keeps to public addresses (the default)", () => {
  it("refuses a webhook to its own machine or network, by address and by a name that resolves there, and adds nothing", async () => {
    const strict = await startServer({ INKSTONE_WEBHOOKS_ALLOW_PRIVATE: "0" });
    try {
      const account = { email: uniqueEmail("hooks-ssrf"), password: PASSWORD };
      expectSuccess(await call("POST", "/api/v1/users", { baseUrl: strict.baseUrl, json: account }), 201);
      const { access_token: token } = expectSuccess(await call("POST", "/auth/login", { baseUrl: strict.baseUrl, json: account }), 200);
      for (const url of [`${receiverBase}/x`, "http://localhost:9/x", "http://169.254.169.254/latest/meta-data/", "http://[::1]/x", "http://10.0.0.1/x", "http://2130706433/x"]) {
        const refused = await call("POST", "/api/v1/webhooks", { baseUrl: strict.baseUrl, token, json: { url, events: ["*"] } });
        expect(expectFailure(refused, 422, "destination_not_allowed"), url).toMatchObject({ address: expect.any(String) });
        expect(refused.body.msg).toMatch(/private or local address/);
      }
      expect(expectSuccess(await call("GET", "/api/v1/webhooks", { baseUrl: strict.baseUrl, token }), 200)).toEqual([]);
      expect(deliveries.filter((d) => d.path === "/x")).toEqual([]);
    } finally {
      strict.stop();
    }
  }, 120_000);
});

describe("job cancel over HTTP", () => {
  it("cancels a running job, which then reads as cancelled and is announced; a finished or unknown job is answered plainly", async () => {
    const writer = await signUp("hooks-cancel");
    const hook = await register(writer, "/jobs", ["job.cancelled", "job.succeeded"]);
    const jobId = await unfinishedJob(writer, server.baseUrl);
    const cancelled = await api("DELETE", `/api/v1/jobs/${jobId}`, writer.token);
    expect(cancelled.status).toBe(204);
    expect(cancelled.text).toBe("");
    expect(expectSuccess(await api("GET", `/api/v1/jobs/${jobId}`, writer.token), 200)).toMatchObject({ status: "cancelled", error: { code: "job_cancelled" }, finishedAt: expect.any(String) });
    const heard = await arrival((d) => d.path === "/jobs" && d.event.data.job.id === jobId);
    expectSigned(heard, hook.secret, "job.cancelled");
    // Again: the same answer, nothing changes.
    expect((await api("DELETE", `/api/v1/jobs/${jobId}`, writer.token)).status).toBe(204);
    // The writer's next job runs: the cancelled one holds no runner.
    const form = new FormData();
    form.set("to", "html");
    form.set("file", new Blob(["# Next\n"], { type: "text/markdown" }), "next.md");
    const next = expectSuccess(await call("POST", "/api/v1/convert?async=1", { baseUrl: server.baseUrl, token: writer.token, body: form }), 202);
    await arrival((d) => d.path === "/jobs" && d.event.type === "job.succeeded" && d.event.data.job.id === next.id);
    expect(expectFailure(await api("DELETE", `/api/v1/jobs/${next.id}`, writer.token), 409, "job_finished")).toEqual({ status: "succeeded" });
    expectFailure(await api("DELETE", "/api/v1/jobs/no-such-job", writer.token), 404, "not_found");
    const other = await signUp("hooks-cancel-other");
    expectFailure(await api("DELETE", `/api/v1/jobs/${next.id}`, other.token), 403, "forbidden");
  }, 60_000);
});
