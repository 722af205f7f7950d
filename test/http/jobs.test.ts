// @module-tag postgres
// @module-tag clock
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ACTIVE_JOBS_PER_WRITER } from "@/server/jobs/limits";
import { LANES } from "@/server/workers/pool";
import { call, expectFailure, expectSuccess } from "../support/http-client";
import { PASSWORD, uniqueEmail } from "../support/http-users";
import { startServer, type RunningServer } from "../support/server";
import { workerThreads } from "../support/worker-threads";

// A server of its own, whose conversions stop after a few seconds rather than two minutes, so that
// the limit is met in a test; its queue of slow jobs goes with it when the file ends.
const LIMIT_SECONDS = 6;
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ INKSTONE_CONVERSION_TIMEOUT_SECONDS: String(LIMIT_SECONDS) });
}, 300_000);
afterAll(() => server?.stop());

async function signUp(label: string): Promise<string> {
  const account = { email: uniqueEmail(label), password: PASSWORD };
  expectSuccess(await call("POST", "/api/v1/users", { baseUrl: server.baseUrl, json: { ...account, name: label } }), 201);
  return expectSuccess(await call("POST", "/auth/login", { baseUrl: server.baseUrl, json: account }), 200).access_token;
}

function document(from: string, text: string, to = "md"): FormData {
  const body = new FormData();
  body.set("from", from);
  body.set("to", to);
  body.set("file", new Blob([text]), `document.${from}`);
  return body;
}

const convert = (token: string, body: FormData, query = "") => call("POST", `/api/v1/convert${query}`, { baseUrl: server.baseUrl, token, body });

async function queue(token: string, body: FormData) {
  return expectSuccess(await convert(token, body, "?async=1"), 202);
}

async function finished(token: string, jobId: string, withinMs = 60_000) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const job = expectSuccess(await call("GET", `/api/v1/jobs/${jobId}`, { baseUrl: server.baseUrl, token }), 200);
    if (job.status === "succeeded" || job.status === "failed") return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Eight-fold macro expansion, seven levels deep: a few hundred bytes that keep pandoc busy for minutes. */
function macroBomb(): string {
  const names = "abcdefgh";
  const macros = [...names].map((name, i) => (i === 0 ? "\\def\\a{xx}" : `\\def\\${name}{${`\\${names[i - 1]}`.repeat(8)}}`));
  return `${macros.join("")}\\h`;
}

/**
 * A manuscript long enough to keep a worker busy for a moment, short enough that six of them on the
 * pool's two workers finish well inside the 6 s limit on a loaded CI machine (four times this
 * size, an inline conversion waiting behind the queued ones ran out of time there).
 */
const manuscript = (n: number) => Array.from({ length: 30 }, (_, c) => `# Chapter ${c + 1}\n\n${`Writer ${n} wrote *some* words here. `.repeat(150)}`).join("\n\n");

describe("worker threads (issue 16, item 10)", () => {
  it(`never runs more than the pool's ${LANES.heavy.size} heavy workers while conversions run inline and as jobs`, async () => {
    const writers = await Promise.all(["threads-a", "threads-b", "threads-c"].map(signUp));
    let most = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        most = Math.max(most, workerThreads(server.pid));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const work = writers.flatMap((token, n) => [
      convert(token, document("md", manuscript(n), "docx")).then((response) => {
        expect(response.status, response.text.slice(0, 300)).toBe(200);
        // Each writer gets their own text back, not another's converted alongside it.
        const xml = new TextDecoder().decode(unzipSync(response.bytes)["word/document.xml"]);
        expect(xml).toContain(`Writer ${n} wrote`);
        expect(xml).toContain("Chapter 30");
      }),
      queue(token, document("md", manuscript(n), "epub")).then(async (job) => expect(await finished(token, job.id)).toMatchObject({ status: "succeeded" })),
    ]);
    await Promise.all(work);
    sampling = false;
    await sampler;
    // The pool was at full size (three writers' work at once), and no second pool ran beside it.
    // The quick lane's one thread may be up too, if a request's body was parsed in it.
    expect(most).toBeGreaterThanOrEqual(LANES.heavy.size);
    expect(most).toBeLessThanOrEqual(LANES.heavy.size + LANES.quick.size);
  }, 120_000);
});

describe("a background conversion's failure (issue 16, item 10)", () => {
  let token: string;
  beforeAll(async () => {
    token = await signUp("job-failures");
  });

  it("is corrupt_document for a document that cannot be read, as it would be inline", async () => {
    const loop = "\\newcommand{\\a}{\\a}\\a";
    expectFailure(await convert(token, document("latex", loop)), 422, "corrupt_document");
    const job = await queue(token, document("latex", loop));
    expect(await finished(token, job.id)).toMatchObject({ status: "failed", error: { code: "corrupt_document", message: expect.stringMatching(/Loop encountered/) } });
  }, 60_000);

  it("is conversion_timed_out for a document that runs past the limit, its worker stopped", async () => {
    const job = await queue(token, document("latex", macroBomb()));
    const done = await finished(token, job.id);
    expect(done).toMatchObject({ status: "failed", error: { code: "conversion_timed_out" } });
    // Stopped at the limit (the work alone would take minutes), by the pool and not the job's backstop.
    const ran = Date.parse(done.finishedAt) - Date.parse(done.startedAt);
    expect(ran).toBeGreaterThanOrEqual(LIMIT_SECONDS * 1000 - 500);
    expect(ran).toBeLessThan((LIMIT_SECONDS + 10) * 1000);
  }, 60_000);
});

describe("one writer's flood of jobs (issue 16, item 9)", () => {
  it("meets the writer's quota with 429, while another writer's small job starts at once and succeeds", async () => {
    const [flooder, other] = await Promise.all([signUp("flooder"), signUp("bystander")]);
    const answers = await Promise.all(Array.from({ length: MAX_ACTIVE_JOBS_PER_WRITER + 3 }, () => convert(flooder, document("latex", macroBomb()), "?async=1")));
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(MAX_ACTIVE_JOBS_PER_WRITER);
    const refused = answers.filter((answer) => answer.status !== 202);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(expectFailure(answer, 429, "rate_limited")).toMatchObject({ maxActiveJobs: MAX_ACTIVE_JOBS_PER_WRITER });
      expect(answer.body.msg).toMatch(/jobs queued or running/);
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    }

    const small = await queue(other, document("md", "# Hello\n\nA small job."));
    const done = await finished(other, small.id, 30_000);
    expect(done).toMatchObject({ status: "succeeded", file: { mediaType: expect.stringMatching(/markdown/) } });
    // Taken at once, not after the flood ahead of it (each of those runs to the limit).
    expect(Date.parse(done.startedAt) - Date.parse(done.createdAt)).toBeLessThan(5_000);
    // The flood waits behind itself: one of its jobs at a time.
    const flood = await Promise.all(answers.filter((a) => a.status === 202).map((a) => finishedOrNot(flooder, a.body.data.id)));
    expect(flood.filter((status) => status === "running").length).toBeLessThanOrEqual(1);
  }, 120_000);
});

async function finishedOrNot(token: string, jobId: string): Promise<string> {
  return expectSuccess(await call("GET", `/api/v1/jobs/${jobId}`, { baseUrl: server.baseUrl, token }), 200).status;
}
