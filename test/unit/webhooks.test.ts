// @module-tag postgres
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";

// The receiver listens on 127.0.0.1: this file's deliveries may go there, as the tests' servers' do.
vi.hoisted(() => {
  process.env.INKSTONE_WEBHOOKS_ALLOW_PRIVATE = "1";
});

import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { deleteBook } from "@/server/books/delete-book";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql } from "@/server/db";
import { cancelJob } from "@/server/job-results/cancel-job";
import { getJob } from "@/server/job-results/get-job";
import { defineJob } from "@/server/jobs/define-job";
import { enqueueJob } from "@/server/jobs/enqueue-job";
import { runQueuedJobs } from "@/server/jobs/runner";
import { addMember } from "@/server/members/add-member";
import { removeMember } from "@/server/members/remove-member";
import { drainOutbox } from "@/server/outbox/drain-outbox";
import { setChapterRelease } from "@/server/releases/set-chapter-release";
import { createWebhook } from "@/server/webhooks/create-webhook";
import { deliverDueWebhooks, DISABLE_AFTER_FAILURES, KEEP_DELIVERIES_MS, MAX_DELIVERY_ATTEMPTS, pruneWebhookDeliveries, RETRY_DELAYS_MS } from "@/server/webhooks/deliver";
import { assertPublicDestination, isPrivateAddress } from "@/server/webhooks/destination";
import { listDeliveries } from "@/server/webhooks/list-deliveries";
import { pingWebhook } from "@/server/webhooks/ping-webhook";
import { redeliver } from "@/server/webhooks/redeliver";
import type { CreateWebhookInput } from "@/server/webhooks/schemas";
import { sendWebhook } from "@/server/webhooks/send";
import { signatureHeader, verifySignature } from "@/server/webhooks/signature";
import { updateWebhook } from "@/server/webhooks/update-webhook";
import { newWriter } from "../support/principals";

/** What the test's receiver was sent. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: Server;
let base: string;
const received: Received[] = [];
/** the status the receiver answers with, per path (200 unless set) */
const answers = new Map<string, number>();

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(answers.get(request.url ?? "") ?? 200, { "content-type": "text/plain" });
      response.end(request.url === "/binary" ? Buffer.from([0, 1, 65, 0x7f, 10, 66]) : "x".repeat(5000));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const at = (path: string) => received.filter((r) => r.path === path);
const bookInput = (title: string) => ({ title, type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }) as const;

async function hook(owner: Principal, path: string, input: Partial<CreateWebhookInput> = {}) {
  return createWebhook({ url: `${base}${path}`, events: ["*"], ...input }, owner);
}

async function deliveriesOf(webhookId: string, owner: Principal) {
  return (await listDeliveries({ webhookId, page: 1, perPage: 100, sortBy: "createdAt", order: "asc", filters: {} }, owner)).items;
}

describe("signing (decision 0474)", () => {
  it("signs the timestamp and the body with HMAC-SHA256, and a receiver can check it", () => {
    const now = Date.now();
    const header = signatureHeader("whsec_test", Math.floor(now / 1000), '{"a":1}');
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature("whsec_test", header, '{"a":1}', { now })).toBe(true);
    expect(verifySignature("whsec_test", header, '{"a":2}', { now })).toBe(false);
    expect(verifySignature("whsec_other", header, '{"a":1}', { now })).toBe(false);
    // Replayed ten minutes later: refused.
    expect(verifySignature("whsec_test", header, '{"a":1}', { now: now + 600_000 })).toBe(false);
  });
});

describe("destinations (SSRF)", () => {
  it("knows private, loopback, link-local and mapped addresses from public ones", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "::", "fe80::1", "fd00::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:a9fe:a9fe", "not an address"]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) expect(isPrivateAddress(address), address).toBe(false);
  });

  it("refuses a private address when registered and when sent, unless private ones are allowed", async () => {
    await expect(assertPublicDestination("http://127.0.0.1:9/hook", false)).rejects.toMatchObject({ code: "destination_not_allowed", status: 422 });
    await expect(assertPublicDestination("http://[::1]/hook", false)).rejects.toMatchObject({ code: "destination_not_allowed" });
    await expect(assertPublicDestination("http://localhost/hook", false)).rejects.toMatchObject({ code: "destination_not_allowed" });
    await expect(assertPublicDestination("http://127.0.0.1:9/hook", true)).resolves.toBeUndefined();

    const before = received.length;
    // A literal, and a name that resolves to loopback (checked at the connection's own lookup).
    for (const target of [`${base}/refused`, base.replace("127.0.0.1", "localhost") + "/refused"]) {
      const result = await sendWebhook(target, "{}", {}, { allowPrivate: false });
      expect(result.statusCode).toBeNull();
      expect(result.error).toMatch(/private or local address/);
    }
    expect(received.length).toBe(before);
  });

  it("follows no redirect and keeps only an excerpt of the answer", async () => {
    answers.set("/moved", 302);
    const result = await sendWebhook(`${base}/moved`, "{}", {}, { allowPrivate: true });
    expect(result).toMatchObject({ statusCode: 302, error: "answered 302 (redirects are not followed)" });
    const ok = await sendWebhook(`${base}/fine`, "{}", {}, { allowPrivate: true });
    expect(ok.error).toBeNull();
    expect(ok.responseExcerpt).toHaveLength(1024);
    // Bytes PostgreSQL cannot keep as text (NUL) and other controls are replaced, line ends kept.
    expect((await sendWebhook(`${base}/binary`, "{}", {}, { allowPrivate: true })).responseExcerpt).toBe("\ufffd\ufffdA\ufffd\nB");
  });
});

describe("deliveries", () => {
  it("sends book.created signed, with the event's id, to the owner's hook only", async () => {
    const ada = await newWriter("hooks-ada");
    const stranger = await newWriter("hooks-stranger");
    const created = await hook(ada, "/ada", { events: ["book.created"] });
    await hook(stranger, "/stranger", { events: ["*"] });
    expect(created.secret).toMatch(/^whsec_/);

    const book = await createBook(bookInput("Signed"), ada);
    expect(await deliverDueWebhooks()).toBeGreaterThanOrEqual(1);
    const [delivery] = at("/ada");
    expect(delivery).toBeDefined();
    expect(at("/stranger")).toEqual([]);
    const payload = JSON.parse(delivery!.body) as { id: string; type: string; webhookId: string; data: { book: { id: string } } };
    expect(payload).toMatchObject({ type: "book.created", webhookId: created.id, data: { book: { id: book.id } } });
    expect(delivery!.headers["inkstone-event"]).toBe("book.created");
    expect(delivery!.headers["inkstone-event-id"]).toBe(payload.id);
    expect(verifySignature(created.secret, String(delivery!.headers["inkstone-signature"]), delivery!.body)).toBe(true);

    const [logged] = await deliveriesOf(created.id, ada);
    expect(logged).toMatchObject({ event: "book.created", status: "delivered", eventId: payload.id, attempts: [{ statusCode: 200, error: null, nextRetryAt: null }] });
    expect(logged!.attempts[0]!.responseExcerpt).toHaveLength(1024);
  });

  it("retries a failure on the schedule, by the clock it is given, and gives up after the last attempt", async () => {
    const writer = await newWriter("hooks-retry");
    answers.set("/retry", 500);
    const created = await hook(writer, "/retry", { events: ["book.created"] });
    await createBook(bookInput("Retried"), writer);
    let now = new Date(Date.now() + 1000);
    expect(await deliverDueWebhooks({ now })).toBe(1);
    // A redelivery by hand that fails too is logged, and moves the schedule neither way.
    const [waiting] = await deliveriesOf(created.id, writer);
    const byHand = await redeliver({ webhookId: created.id, deliveryId: waiting!.id }, writer);
    expect(byHand).toMatchObject({ status: "pending", nextAttemptAt: waiting!.nextAttemptAt });
    expect(byHand.attempts.map((a) => a.nextRetryAt)).toEqual([waiting!.nextAttemptAt, null]);
    for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
      // Not yet due a moment before its time; due at it.
      expect(await deliverDueWebhooks({ now: new Date(now.getTime() + delay - 1000) })).toBe(0);
      now = new Date(now.getTime() + delay);
      expect(await deliverDueWebhooks({ now }), `retry ${i + 1}`).toBe(1);
    }
    expect(await deliverDueWebhooks({ now: new Date(now.getTime() + 7 * 24 * 3600_000) })).toBe(0);
    const [delivery] = await deliveriesOf(created.id, writer);
    expect(delivery!.status).toBe("failed");
    expect(delivery!.attempts).toHaveLength(MAX_DELIVERY_ATTEMPTS + 1);
    expect(delivery!.attempts.map((a) => a.statusCode)).toEqual(Array(MAX_DELIVERY_ATTEMPTS + 1).fill(500));
    expect(delivery!.attempts.at(-1)!.nextRetryAt).toBeNull();
    expect(new Date(delivery!.attempts[0]!.nextRetryAt!).getTime() - new Date(delivery!.attempts[0]!.at).getTime()).toBe(RETRY_DELAYS_MS[0]);
    expect(new Date(delivery!.attempts[2]!.nextRetryAt!).getTime() - new Date(delivery!.attempts[2]!.at).getTime()).toBe(RETRY_DELAYS_MS[1]);
    // About a day from the first attempt to the last.
    const span = new Date(delivery!.attempts.at(-1)!.at).getTime() - new Date(delivery!.attempts[0]!.at).getTime();
    expect(span).toBeGreaterThan(20 * 3600_000);
    expect(span).toBeLessThan(26 * 3600_000);

    // The receiver mends; a redelivery sends the same event again and it is delivered.
    answers.delete("/retry");
    const again = await redeliver({ webhookId: created.id, deliveryId: delivery!.id }, writer);
    expect(again).toMatchObject({ status: "delivered", eventId: delivery!.eventId });
    expect(again.attempts).toHaveLength(MAX_DELIVERY_ATTEMPTS + 2);
    const sent = at("/retry");
    expect(new Set(sent.map((r) => r.headers["inkstone-event-id"])).size).toBe(1);
  });

  it("switches a hook off after many failures in a row, and back on when its owner asks", async () => {
    const writer = await newWriter("hooks-off");
    answers.set("/off", 503);
    const created = await hook(writer, "/off", { events: ["book.created"] });
    for (let i = 0; i < DISABLE_AFTER_FAILURES; i++) await createBook(bookInput(`Failing ${i}`), writer);
    await deliverDueWebhooks();
    const [row] = await sql.selectFrom("Webhook").select(["active", "disabledReason", "consecutiveFailures"]).where("id", "=", created.id).execute();
    expect(row).toMatchObject({ consecutiveFailures: DISABLE_AFTER_FAILURES });
    expect(Boolean(row!.active)).toBe(false);
    expect(row!.disabledReason).toMatch(/failed attempts in a row/);
    // Switched off, it is sent nothing more (its waiting retries wait), and new events pass it by.
    const before = at("/off").length;
    await createBook(bookInput("Unheard"), writer);
    await deliverDueWebhooks({ now: new Date(Date.now() + 3600_000) });
    expect(at("/off").length).toBe(before);
    expect((await deliveriesOf(created.id, writer)).length).toBe(DISABLE_AFTER_FAILURES);

    // A ping still tests it; switched back on, it starts a fresh count.
    answers.delete("/off");
    const ping = await pingWebhook({ webhookId: created.id }, writer);
    expect(ping).toMatchObject({ event: "ping", status: "delivered", attempts: [{ statusCode: 200 }] });
    const on = await updateWebhook({ webhookId: created.id, active: true }, writer);
    expect(on).toMatchObject({ active: true, disabledReason: null, consecutiveFailures: 0 });
  });

  it("coalesces a chapter's saves into one chapter.saved for the version reached, and announces it once however often the outbox runs", async () => {
    const writer = await newWriter("hooks-chapter");
    const created = await hook(writer, "/chapter", { events: ["chapter.saved"] });
    const book = await createBook(bookInput("Chapters"), writer);
    const chapter = await uploadChapter({ bookId: book.id, title: "One", content: "First." }, writer);
    for (let version = 1; version <= 3; version++) await saveChapter({ bookId: book.id, chapterId: chapter.id, version, content: `Draft ${version + 1}.` }, writer);
    await drainOutbox({ topic: "chapter-webhooks", subjectIds: [chapter.id] });
    await drainOutbox({ topic: "chapter-webhooks", subjectIds: [chapter.id] });
    const { announceChapterSaved } = await import("@/server/webhooks/announce");
    await announceChapterSaved(chapter.id);
    const deliveries = await deliveriesOf(created.id, writer);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.payload).toMatchObject({ type: "chapter.saved", data: { chapter: { id: chapter.id, version: 4 }, savedBy: writer.userId, change: "save" } });
    await deliverDueWebhooks();
    expect(at("/chapter")).toHaveLength(1);
  });

  it("tells a hook only of what happened once it was registered, though the chapter is announced after", async () => {
    const writer = await newWriter("hooks-late");
    const book = await createBook(bookInput("Before the hook"), writer);
    const chapter = await uploadChapter({ bookId: book.id, title: "Early", content: "Saved before anyone listened." }, writer);
    // Registered while the save waits in the outbox for the writer to pause.
    const late = await hook(writer, "/late", { events: ["chapter.saved", "book.created"] });
    await drainOutbox({ topic: "chapter-webhooks", subjectIds: [chapter.id] });
    expect(await deliveriesOf(late.id, writer)).toEqual([]);
    await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 1, content: "Saved while it listened." }, writer);
    await drainOutbox({ topic: "chapter-webhooks", subjectIds: [chapter.id] });
    expect((await deliveriesOf(late.id, writer)).map((d) => d.payload)).toEqual([expect.objectContaining({ type: "chapter.saved", data: expect.objectContaining({ chapter: expect.objectContaining({ version: 2 }) }) })]);
  });

  it("announces a chapter once the writer pauses, or every five minutes while they keep saving, by the outbox's own clock", async () => {
    const writer = await newWriter("hooks-rest");
    const created = await hook(writer, "/rest", { events: ["chapter.saved"] });
    const book = await createBook(bookInput("Resting"), writer);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    try {
      const chapter = await uploadChapter({ bookId: book.id, title: "One", content: "First." }, writer);
      const heard = async () => (await deliveriesOf(created.id, writer)).map((d) => (d.payload as { data: { chapter: { version: number } } }).data.chapter.version);
      // The background's pass (no subject named) leaves a chapter saved a moment ago.
      await drainOutbox();
      expect(await heard()).toEqual([]);
      vi.setSystemTime(start + 31_000);
      await drainOutbox();
      expect(await heard()).toEqual([1]);

      // Saving every 20 s: never 30 s of rest, yet heard of once five minutes have passed.
      let version = 1;
      const typingFrom = start + 60_000;
      for (let at = typingFrom; at <= typingFrom + 5 * 60_000; at += 20_000) {
        vi.setSystemTime(at);
        await saveChapter({ bookId: book.id, chapterId: chapter.id, version, content: `Draft ${version + 1}.` }, writer);
        version += 1;
        await drainOutbox();
        if (at < typingFrom + 5 * 60_000) expect(await heard(), `at +${(at - typingFrom) / 1000} s`).toEqual([1]);
      }
      expect(await heard()).toEqual([1, version]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the delivery log 30 days, and a delivery still to be sent until it is", async () => {
    const writer = await newWriter("hooks-prune");
    answers.set("/prune-failing", 500);
    const kept = await hook(writer, "/prune", { events: ["book.created"] });
    const waiting = await hook(writer, "/prune-failing", { events: ["book.created"] });
    await createBook(bookInput("Pruned"), writer);
    await deliverDueWebhooks();
    expect(await pruneWebhookDeliveries(new Date(Date.now() + KEEP_DELIVERIES_MS - 60_000))).toBe(0);
    await pruneWebhookDeliveries(new Date(Date.now() + KEEP_DELIVERIES_MS + 60_000));
    expect(await deliveriesOf(kept.id, writer)).toEqual([]);
    expect(await deliveriesOf(waiting.id, writer)).toHaveLength(1);
  });

  it("tells each member only what their role may read, and nothing once they are removed", async () => {
    const owner = await newWriter("hooks-owner");
    const beta = await newWriter("hooks-beta");
    const viewer = await newWriter("hooks-viewer");
    const book = await createBook(bookInput("Shared"), owner);
    const emailOf = async (p: Principal) => (await sql.selectFrom("User").select("email").where("id", "=", p.userId).executeTakeFirstOrThrow()).email;
    await addMember({ bookId: book.id, email: await emailOf(beta), role: "beta_reader" }, owner);
    await addMember({ bookId: book.id, email: await emailOf(viewer), role: "viewer" }, owner);
    const betaHook = await hook(beta, "/beta", { events: ["chapter.saved"] });
    const viewerHook = await hook(viewer, "/viewer", { events: ["chapter.saved", "book.deleted"], bookId: book.id });

    const chapter = await uploadChapter({ bookId: book.id, title: "Unreleased", content: "Secret." }, owner);
    await drainOutbox({ topic: "chapter-webhooks", subjectIds: [chapter.id] });
    expect(await deliveriesOf(betaHook.id, beta)).toEqual([]);
    expect(await deliveriesOf(viewerHook.id, viewer)).toHaveLength(1);

    await setChapterRelease({ bookId: book.id, chapterId: chapter.id, released: true }, owner);
    await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 1, content: "Released." }, owner);
    await drainOutbox({ topic: "chapter-webhooks", subjectIds: [chapter.id] });
    expect(await deliveriesOf(betaHook.id, beta)).toHaveLength(1);

    await removeMember({ bookId: book.id, userId: viewer.userId }, owner);
    await deleteBook({ bookId: book.id, permanent: false }, owner);
    // Two saves heard while a viewer; the book's deletion, after the removal, not.
    expect((await deliveriesOf(viewerHook.id, viewer)).map((d) => d.event)).toEqual(["chapter.saved", "chapter.saved"]);
  });
});

describe("jobs: cancel, and their end as events", () => {
  const waiting = defineJob({
    kind: "test.waits",
    input: z.object({}),
    run: (_, { signal }) => new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(new Error("stopped")), { once: true })),
  });
  const quick = defineJob({ kind: "test.quick", input: z.object({}), run: async () => ({ result: { ok: true } }) });

  it("cancels a queued job, refuses a finished one, and tells the owner's hooks how each ended", async () => {
    const writer = await newWriter("hooks-jobs");
    const created = await hook(writer, "/jobs", { events: ["job.succeeded", "job.cancelled"] });
    const queued = await enqueueJob(waiting, {}, writer);
    await cancelJob({ jobId: queued.id }, writer);
    expect(await getJob({ jobId: queued.id }, writer)).toMatchObject({ status: "cancelled", error: { code: "job_cancelled" } });
    // Again: nothing changes.
    await expect(cancelJob({ jobId: queued.id }, writer)).resolves.toBeUndefined();

    const done = await enqueueJob(quick, {}, writer);
    await runQueuedJobs([quick]);
    await expect(cancelJob({ jobId: done.id }, writer)).rejects.toMatchObject({ code: "job_finished", status: 409 });
    await expect(cancelJob({ jobId: "no-such-job" }, writer)).rejects.toMatchObject({ code: "not_found" });
    const other = await newWriter("hooks-jobs-other");
    await expect(cancelJob({ jobId: done.id }, other)).rejects.toMatchObject({ code: "forbidden" });

    await drainOutbox({ topic: "job-finished", subjectIds: [queued.id, done.id] });
    const events = (await deliveriesOf(created.id, writer)).map((d) => [d.event, (d.payload as { data: { job: { id: string } } }).data.job.id]);
    expect(events).toEqual(expect.arrayContaining([["job.cancelled", queued.id], ["job.succeeded", done.id]]));
    expect(events).toHaveLength(2);
  });

  it("stops a running job's work and keeps it cancelled", async () => {
    const writer = await newWriter("hooks-running");
    let started!: () => void;
    const hasStarted = new Promise<void>((resolve) => (started = resolve));
    const tracked = { ...waiting, run: (input: Parameters<typeof waiting.run>[0], context: Parameters<typeof waiting.run>[1], file: Uint8Array | null) => (started(), waiting.run(input, context, file)) };
    const job = await enqueueJob(tracked, {}, writer);
    const running = runQueuedJobs([tracked]);
    await hasStarted;
    expect((await getJob({ jobId: job.id }, writer)).status).toBe("running");
    await cancelJob({ jobId: job.id }, writer);
    await running;
    expect(await getJob({ jobId: job.id }, writer)).toMatchObject({ status: "cancelled", error: { code: "job_cancelled" } });
  });
});
