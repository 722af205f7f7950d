// @module-tag clock
import { readFileSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZIP_LIMITS } from "@/server/convert/engine/zip";
import { call, expectSuccess, get, type ApiResponse } from "../support/http-client";
import { lyingMimetypeEpub, maximumRatioDocx, phantomZip64 } from "../support/crafted-zips";
import { trpcMutation } from "../support/http-trpc";
import { PASSWORD, signUp, type Account } from "../support/http-users";
import { startServer, type RunningServer } from "../support/server";

// Issue 16: a writer's archive, however it lies, is answered with a 4xx at once, and the thread
// that answers everyone else is never the one that walks or inflates it.

let writer: Account;
beforeAll(async () => {
  writer = await signUp("archives");
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attack` while a cheap authenticated GET is sent over and over: what the attack answered,
 * how long it took, and the slowest GET meanwhile (a stalled request thread shows there).
 */
async function whileProbing(attack: () => Promise<ApiResponse>): Promise<{ answer: ApiResponse; ms: number; slowestProbeMs: number }> {
  let done = false;
  let slowestProbeMs = 0;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      expect(expectSuccess(await get("/api/v1/users/me", writer.token), 200).id).toBe(writer.id);
      slowestProbeMs = Math.max(slowestProbeMs, performance.now() - started);
      await sleep(25);
    }
  })();
  const started = performance.now();
  try {
    const answer = await attack();
    return { answer, ms: performance.now() - started, slowestProbeMs };
  } finally {
    done = true;
    await probing;
  }
}

const upload = (bytes: Uint8Array, name: string, fields: Record<string, string> = {}) => {
  const body = new FormData();
  body.set("file", new Blob([bytes as BlobPart]), name);
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
};

/** The three doors a document comes in by: REST convert, REST import, and tRPC import. */
const doors = (bytes: Uint8Array, name: string): [string, () => Promise<ApiResponse>][] => [
  ["POST /api/v1/convert", () => call("POST", "/api/v1/convert", { token: writer.token, body: upload(bytes, name, { to: "md" }) })],
  ["POST /api/v1/books/import", () => call("POST", "/api/v1/books/import", { token: writer.token, body: upload(bytes, name) })],
  ["tRPC convert.import", () => trpcMutation("convert.import", { fileName: name, base64: Buffer.from(bytes).toString("base64") }, writer.token)],
];

/** The business error of a REST envelope or of a tRPC error. */
const errorOf = (answer: ApiResponse): string | undefined => answer.body?.error?.data?.error ?? answer.body?.error;

// Generous budgets: they prove "not pathological" on a shared two-core machine, not speed.
const ANSWER_MS = 10_000;
const PROBE_MS = 1_000;

describe("a DOCX whose ZIP64 end record claims 4,294,967,295 entries (issue 16, item 2)", () => {
  const phantom = phantomZip64();

  for (const name of ["novel.docx", "novel"]) {
    for (const [door, attack] of doors(phantom, name)) {
      it(`is refused with 413 by ${door} (named "${name}"), the server answering others meanwhile`, async () => {
        expect(phantom.length).toBeLessThan(300);
        const { answer, ms, slowestProbeMs } = await whileProbing(attack);
        expect([answer.status, errorOf(answer)]).toEqual([413, "archive_too_large"]);
        expect(ms).toBeLessThan(ANSWER_MS);
        expect(slowestProbeMs).toBeLessThan(PROBE_MS);
      });
    }
  }
});

describe("an EPUB whose 20-byte mimetype entry holds 2 GB (issue 16, item 3)", () => {
  // Just under 2 MiB, so that /convert answers inline rather than with a job.
  const bait = lyingMimetypeEpub(2000);

  for (const [door, attack] of doors(bait, "book.epub")) {
    it(`is refused as corrupt by ${door} without inflating it, the server answering others meanwhile`, async () => {
      expect(bait.length).toBeLessThan(2 * 1024 * 1024);
      const { answer, ms, slowestProbeMs } = await whileProbing(attack);
      expect([answer.status, errorOf(answer)]).toEqual([422, "corrupt_document"]);
      expect(ms).toBeLessThan(ANSWER_MS);
      expect(slowestProbeMs).toBeLessThan(PROBE_MS);
    });
  }
});

describe("five concurrent uploads of the most expanding DOCX the limits allow (issue 16, item 11)", () => {
  const servers: RunningServer[] = [];
  afterAll(() => servers.forEach((server) => server.stop()));

  /** The peak resident memory of a process and every process under it, from /proc (VmHWM). */
  function peakRssBytes(pid: number): number {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const own = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number),
    );
    return own + children.reduce((sum, child) => sum + peakRssBytes(child), 0);
  }

  it("keep the server's peak RSS under 1.5 GB", async () => {
    // A server of its own, so that its peak is this test's alone.
    const server = await startServer();
    servers.push(server);
    const on = (method: string, path: string, options: { token?: string; json?: unknown; body?: FormData } = {}) => call(method, path, { ...options, baseUrl: server.baseUrl });
    const docx = maximumRatioDocx(ZIP_LIMITS.maxExpandedBytes);
    expect(docx.length).toBeLessThan(300 * 1024);
    // Five writers, so that the pool's per-writer share does not serialise them: both workers busy.
    const tokens = await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) => {
        const account = { email: `rss-${n}-${Date.now()}@example.test`, password: PASSWORD };
        expectSuccess(await on("POST", "/api/v1/users", { json: account }), 201);
        return expectSuccess(await on("POST", "/auth/login", { json: account }), 200).access_token as string;
      }),
    );
    const answers = await Promise.all(tokens.map((token) => on("POST", "/api/v1/convert", { token, body: upload(docx, "novel.docx", { to: "md" }) })));
    for (const answer of answers) expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answers[0]!.text).toContain("Words on a page.");
    const peak = peakRssBytes(server.pid);
    expect(peak, `peak RSS ${Math.round(peak / 1024 ** 2)} MiB`).toBeLessThan(1.5 * 1024 ** 3);
  }, 180_000);
});
