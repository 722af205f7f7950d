import { expect } from "vitest";
import type { Prepare, PrepareCall } from "./case-types";
import { call, del, expectSuccess, get, post } from "./http-client";
import type { Account } from "./http-users";

/**
 * A receiver nobody listens on (the discard port of the test machine's loopback): a ping or a
 * redelivery there fails at once with a refused connection, which is still an answer to show.
 * The tests' servers allow private addresses (INKSTONE_WEBHOOKS_ALLOW_PRIVATE=1).
 */
export const NOWHERE = "http://127.0.0.1:9/inkstone";

/** One of the owner's hooks, with what a refused request must leave as it was: the hook and its log. */
async function hookFixture(owner: Account) {
  // On a book of its own, which no other case saves in: the matrix's other cases save the owner's
  // chapters as it runs, and a hook that heard them would change its log in the background.
  const quiet = expectSuccess(await post("/api/v1/books", owner.token, { title: "Heard by the matrix's hook" }), 201) as { id: string };
  const hook = expectSuccess(await post("/api/v1/webhooks", owner.token, { url: NOWHERE, events: ["chapter.saved"], bookId: quiet.id, description: "matrix" }), 201) as {
    id: string;
    secret: string;
  };
  const snapshot = async () => ({
    hook: (await get(`/api/v1/webhooks/${hook.id}`, owner.token)).body,
    deliveries: (await get(`/api/v1/webhooks/${hook.id}/deliveries`, owner.token)).body,
  });
  return { hook, snapshot };
}

/** The hook with one delivery in its log (a ping, which failed: nobody listens). */
async function deliveredFixture(owner: Account) {
  const f = await hookFixture(owner);
  const delivery = expectSuccess(await post(`/api/v1/webhooks/${f.hook.id}/pings`, owner.token), 201) as { id: string };
  return { ...f, delivery };
}

/**
 * Eight-fold macro expansion, seven levels deep: a few hundred bytes of LaTeX that keep pandoc busy
 * for minutes, so that the job is still queued or running when it is cancelled (its worker is stopped).
 */
function macroBomb(): string {
  const names = "abcdefgh";
  const macros = [...names].map((name, i) => (i === 0 ? "\\def\\a{xx}" : `\\def\\${name}{${`\\${names[i - 1]}`.repeat(8)}}`));
  return `${macros.join("")}\\h`;
}

/** A job of the owner's that will not finish by itself for minutes. */
export async function unfinishedJob(owner: Pick<Account, "token">, baseUrl?: string): Promise<string> {
  const form = new FormData();
  form.set("from", "latex");
  form.set("to", "md");
  form.set("file", new Blob([macroBomb()]), "bomb.tex");
  const job = expectSuccess(await call("POST", "/api/v1/convert?async=1", { baseUrl, token: owner.token, body: form }), 202) as { id: string };
  return job.id;
}

const jobState = async (owner: Account, jobId: string) => {
  const job = (await get(`/api/v1/jobs/${jobId}`, owner.token)).body.data as { status: string };
  // queued and running are one state here: the runner moves it on by itself.
  return job.status === "running" ? "queued" : job.status;
};

const pageIds = (data: unknown) => (data as { id: string }[]).map((item) => item.id);

/** The credential matrix's fixtures for the webhook endpoints and job cancel (issue 33 item 9). */
export const WEBHOOKS_CASES: Record<string, Prepare> = {
  "DELETE /api/v1/jobs/{jobId}": async (owner) => {
    const jobId = await unfinishedJob(owner);
    return {
      path: `/api/v1/jobs/${jobId}`,
      snapshot: () => jobState(owner, jobId),
      async afterSuccess() {
        expect((await get(`/api/v1/jobs/${jobId}`, owner.token)).body.data).toMatchObject({ status: "cancelled", error: { code: "job_cancelled" } });
      },
    };
  },
  "GET /api/v1/webhooks": async (owner) => {
    const f = await hookFixture(owner);
    return { path: "/api/v1/webhooks?active=true", snapshot: f.snapshot, afterSuccess: async (data) => expect(pageIds(data)).toContain(f.hook.id) };
  },
  "POST /api/v1/webhooks": async (owner) => {
    const count = async () => ((await get("/api/v1/webhooks?per_page=100", owner.token)).body.data as unknown[]).length;
    return {
      path: "/api/v1/webhooks",
      body: { url: NOWHERE, events: ["book.created", "job.succeeded"] },
      snapshot: count,
      async afterSuccess(data) {
        expect(data).toMatchObject({ url: NOWHERE, events: ["book.created", "job.succeeded"], active: true, secret: expect.stringMatching(/^whsec_/) });
        // Shown once: never again.
        const again = (await get(`/api/v1/webhooks/${(data as { id: string }).id}`, owner.token)).body.data as Record<string, unknown>;
        expect(again).not.toHaveProperty("secret");
        await del(`/api/v1/webhooks/${(data as { id: string }).id}`, owner.token);
      },
    };
  },
  "GET /api/v1/webhooks/{webhookId}": async (owner) => {
    const f = await hookFixture(owner);
    return { path: `/api/v1/webhooks/${f.hook.id}`, snapshot: f.snapshot, afterSuccess: async (data) => expect(data).toMatchObject({ id: f.hook.id, url: NOWHERE, events: ["chapter.saved"] }) };
  },
  "PATCH /api/v1/webhooks/{webhookId}": async (owner) => {
    const f = await hookFixture(owner);
    return {
      path: `/api/v1/webhooks/${f.hook.id}`,
      body: { events: ["*"], active: false },
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.hook.id, events: ["*"], active: false }),
    };
  },
  "DELETE /api/v1/webhooks/{webhookId}": async (owner) => {
    const f = await hookFixture(owner);
    return {
      path: `/api/v1/webhooks/${f.hook.id}`,
      snapshot: f.snapshot,
      afterSuccess: async () => expect((await get(`/api/v1/webhooks/${f.hook.id}`, owner.token)).status).toBe(404),
    };
  },
  "POST /api/v1/webhooks/{webhookId}/pings": async (owner) => {
    const f = await hookFixture(owner);
    return {
      path: `/api/v1/webhooks/${f.hook.id}/pings`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ event: "ping", status: "failed", attempts: [{ statusCode: null, error: expect.stringMatching(/could not deliver/) }] }),
    };
  },
  "GET /api/v1/webhooks/{webhookId}/deliveries": async (owner) => {
    const f = await deliveredFixture(owner);
    return { path: `/api/v1/webhooks/${f.hook.id}/deliveries?event=ping`, snapshot: f.snapshot, afterSuccess: async (data) => expect(pageIds(data)).toEqual([f.delivery.id]) };
  },
  "GET /api/v1/webhooks/{webhookId}/deliveries/{deliveryId}": async (owner) => {
    const f = await deliveredFixture(owner);
    return {
      path: `/api/v1/webhooks/${f.hook.id}/deliveries/${f.delivery.id}`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.delivery.id, event: "ping", payload: { type: "ping", webhookId: f.hook.id } }),
    };
  },
  "POST /api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/attempts": async (owner) => {
    const f = await deliveredFixture(owner);
    return {
      path: `/api/v1/webhooks/${f.hook.id}/deliveries/${f.delivery.id}/attempts`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as { attempts: unknown[] }).attempts).toHaveLength(2),
    };
  },
};

/** The tRPC matrix's fixtures for the same operations. */
export const WEBHOOKS_TRPC_CASES: Record<string, PrepareCall> = {
  "jobs.cancel": async (owner) => {
    const jobId = await unfinishedJob(owner);
    return {
      input: { jobId },
      stranger: "forbidden",
      snapshot: () => jobState(owner, jobId),
      afterSuccess: async (data) => {
        expect(data).toEqual({ cancelled: true });
        expect(await jobState(owner, jobId)).toBe("cancelled");
      },
    };
  },
  "webhooks.list": async (owner) => {
    const f = await hookFixture(owner);
    return { input: {}, stranger: null, snapshot: f.snapshot, afterSuccess: async (data) => expect(pageIds((data as { items: unknown }).items)).toContain(f.hook.id) };
  },
  "webhooks.create": async (owner) => {
    const count = async () => ((await get("/api/v1/webhooks?per_page=100", owner.token)).body.data as unknown[]).length;
    return {
      input: { url: NOWHERE, events: ["book.deleted"] },
      stranger: null,
      snapshot: count,
      afterSuccess: async (data) => expect(data).toMatchObject({ events: ["book.deleted"], secret: expect.stringMatching(/^whsec_/) }),
    };
  },
  "webhooks.get": async (owner) => {
    const f = await hookFixture(owner);
    return { input: { webhookId: f.hook.id }, stranger: "forbidden", snapshot: f.snapshot, afterSuccess: async (data) => expect(data).toMatchObject({ id: f.hook.id }) };
  },
  "webhooks.update": async (owner) => {
    const f = await hookFixture(owner);
    return {
      input: { webhookId: f.hook.id, description: "changed" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.hook.id, description: "changed" }),
    };
  },
  "webhooks.delete": async (owner) => {
    const f = await hookFixture(owner);
    return {
      input: { webhookId: f.hook.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toEqual({ deleted: true });
        expect((await get(`/api/v1/webhooks/${f.hook.id}`, owner.token)).status).toBe(404);
      },
    };
  },
  "webhooks.ping": async (owner) => {
    const f = await hookFixture(owner);
    return { input: { webhookId: f.hook.id }, stranger: "forbidden", snapshot: f.snapshot, afterSuccess: async (data) => expect(data).toMatchObject({ event: "ping" }) };
  },
  "webhooks.deliveries": async (owner) => {
    const f = await deliveredFixture(owner);
    return {
      input: { webhookId: f.hook.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(pageIds((data as { items: unknown }).items)).toEqual([f.delivery.id]),
    };
  },
  "webhooks.delivery": async (owner) => {
    const f = await deliveredFixture(owner);
    return {
      input: { webhookId: f.hook.id, deliveryId: f.delivery.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.delivery.id }),
    };
  },
  "webhooks.redeliver": async (owner) => {
    const f = await deliveredFixture(owner);
    return {
      input: { webhookId: f.hook.id, deliveryId: f.delivery.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as { attempts: unknown[] }).attempts).toHaveLength(2),
    };
  },
};
