// @module-tag clock
// Issue 16, item 8: request bodies are read and parsed without stalling the server, and a
// document's limit is counted in UTF-8 bytes of the decoded document on every transport.
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "@/server/convert/schemas";
import { ERRORS } from "@/server/errors";
import { call, expectFailure, expectSuccess, get, isolatedRequest, type ApiResponse } from "../support/http-client";
import { expectTrpcError, trpcMutation } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

const MiB = 1024 * 1024;

let writer: Account;
beforeAll(async () => {
  writer = await signUp("request-bodies");
});

function uploadForm(parts: Record<string, string>, file: { name: string; bytes: Uint8Array }): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(parts)) form.set(key, value);
  form.set("file", new Blob([file.bytes as BlobPart]), file.name);
  return form;
}

/** Times a cheap authenticated GET again and again until `work` settles. */
async function probeWhile(token: string, work: Promise<unknown>): Promise<{ latencies: number[]; statuses: number[] }> {
  let done = false;
  void work.finally(() => (done = true));
  const latencies: number[] = [];
  const statuses: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await get("/api/v1/users/me", token);
    latencies.push(performance.now() - started);
    statuses.push(response.status);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { latencies, statuses };
}

describe("large bodies do not stall the server (item 8)", () => {
  it("answers a cheap GET quickly while 20 MiB uploads (one file, or 250,000 tiny parts) and 19 MiB JSON documents are read", async () => {
    const probe = await signUp("request-bodies-probe");
    // Each body is read, then refused cheaply (no such format; too many parts), so what is
    // measured is reading the bodies, not converting them.
    const file = { name: "upload.txt", bytes: new Uint8Array(MAX_UPLOAD_BYTES).fill(0x61) };
    const forms = Array.from({ length: 4 }, () => uploadForm({ to: "no-such-format" }, file));
    const boundary = "----inkstone-tiny-parts";
    const part = (i: number) => `--${boundary}\r\nContent-Disposition: form-data; name="p${i}"\r\n\r\nx\r\n`;
    const tinyParts = Buffer.from(`${Array.from({ length: 250_000 }, (_, i) => part(i)).join("")}--${boundary}--\r\n`);
    expect(tinyParts.byteLength).toBeLessThan(MAX_UPLOAD_BYTES);
    const tinyPartsHeaders = { authorization: `Bearer ${writer.token}`, "content-type": `multipart/form-data; boundary=${boundary}` };
    const document = new TextEncoder().encode(JSON.stringify({ from: "md", to: "no-such-format", content: "字".repeat(Math.floor((19 * MiB) / 3)) }));
    for (let i = 0; i < 5; i++) expectSuccess(await get("/api/v1/users/me", probe.token), 200);

    const files = Promise.all(forms.map((body) => call("POST", "/api/v1/convert", { token: writer.token, body })));
    // Refused before they are read in full: on connections of their own, which the server may close.
    const parts = Promise.all(Array.from({ length: 4 }, () => isolatedRequest("POST", "/api/v1/convert", { headers: tinyPartsHeaders, body: tinyParts })));
    const documents = Promise.all(
      Array.from({ length: 4 }, () => call("POST", "/api/v1/convert", { token: writer.token, body: document, headers: { "content-type": "application/json" } })),
    );
    const { latencies, statuses } = await probeWhile(probe.token, Promise.all([files, parts, documents]));
    for (const answer of [...(await files), ...(await documents)]) expectFailure(answer, 422, "unsupported_format");
    for (const answer of await parts) expect(expectFailure(answer, 422, "validation_failed")).toEqual([{ path: "(body)", message: "at most 16 parts" }]);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(latencies.length).toBeGreaterThan(0);
    // Before, the web thread parsed each body whole (undici's FormData: 2.2 s for 250,000 parts,
    // and everyone waited): a generous bound for a loaded two-core machine shows it never is.
    expect(Math.max(...latencies), `probe latencies (ms): ${latencies.map(Math.round).join(", ")}`).toBeLessThan(2000);
  }, 120_000);
});

describe("a document's limit is 20 MiB of UTF-8, on the decoded document (item 8)", () => {
  // Three-byte characters: 20 MiB of UTF-8 is under seven million UTF-16 units, which a limit
  // counted in string length let through at 31 MB.
  const atLimit = "字".repeat((MAX_UPLOAD_BYTES - 2) / 3) + "ab";
  const overLimit = `${atLimit}c`;
  const encoder = new TextEncoder();

  function expectTooLarge(response: ApiResponse, path: string) {
    expect(expectFailure(response, 413, "payload_too_large")).toEqual({ path, message: expect.any(String), maxBytes: MAX_UPLOAD_BYTES });
  }
  function expectTrpcTooLarge(response: ApiResponse, path: string) {
    expect(response.status, response.text.slice(0, 300)).toBe(413);
    expect(response.body.error.data).toMatchObject({ appCode: ERRORS.payload_too_large.code, error: "payload_too_large", details: { path, maxBytes: MAX_UPLOAD_BYTES } });
  }
  // A writer each: three 20 MiB jobs are queued, and a writer's stored job bytes may be capped.
  const freshWriter = () => signUp("request-bodies-limit");

  it("over REST JSON: exactly 20 MiB is taken, one byte more is 413", async () => {
    const account = await freshWriter();
    const send = (content: string) =>
      call("POST", "/api/v1/convert", { token: account.token, body: encoder.encode(JSON.stringify({ from: "txt", to: "txt", content })), headers: { "content-type": "application/json" } });
    expect(encoder.encode(overLimit).byteLength).toBe(MAX_UPLOAD_BYTES + 1);
    expectTooLarge(await send(overLimit), "content");
    expect(expectSuccess(await send(atLimit), 202)).toMatchObject({ id: expect.any(String) });
  }, 60_000);

  it("over multipart: a file of exactly 20 MiB is taken, one byte more is 413", async () => {
    const account = await freshWriter();
    const send = (text: string) => call("POST", "/api/v1/convert", { token: account.token, body: uploadForm({ to: "txt" }, { name: "big.txt", bytes: encoder.encode(text) }) });
    expectTooLarge(await send(overLimit), "file");
    expect(expectSuccess(await send(atLimit), 202)).toMatchObject({ id: expect.any(String) });
  }, 60_000);

  it("over tRPC convert.convert: exactly 20 MiB is taken, one byte more is 413", async () => {
    const account = await freshWriter();
    expectTrpcTooLarge(await trpcMutation("convert.convert", { from: "txt", to: "txt", content: overLimit }, account.token), "content");
    const taken = await trpcMutation("convert.convert", { from: "txt", to: "txt", content: atLimit }, account.token);
    expect(taken.status, taken.text.slice(0, 300)).toBe(200);
    expect(taken.body.result.data.job).toMatchObject({ id: expect.any(String) });
  }, 60_000);

  it("over tRPC convert.import as text: one byte more is 413, as over REST", async () => {
    const account = await freshWriter();
    expectTrpcTooLarge(await trpcMutation("convert.import", { fileName: "big.txt", text: overLimit }, account.token), "text");
  }, 60_000);
});

describe("tRPC bodies (item 8)", () => {
  it("answers a body that is not JSON with 415 before reading it, and malformed JSON with 400", async () => {
    const form = new FormData();
    form.set("title", "x");
    expectTrpcError(await call("POST", "/api/trpc/books.create", { token: writer.token, body: form }), 415, "unsupported_media_type");
    const malformed = await call("POST", "/api/trpc/books.create", { token: writer.token, body: '{"title": "Half', headers: { "content-type": "application/json" } });
    expect(malformed.status, malformed.text.slice(0, 300)).toBe(400);
    expect(malformed.body.error.data).toMatchObject({ appCode: ERRORS.malformed_json.code, error: "malformed_json" });
  });

  it("parses a body over 1 MiB off the web thread to the same input", async () => {
    const book = await trpcMutation("books.create", { title: "Large bodies", type: "novel", description: "" }, writer.token);
    expect(book.status, book.text.slice(0, 300)).toBe(200);
    const content = `# 第一章\n\n${"字".repeat(700_000)}\n`;
    const uploaded = await trpcMutation("chapters.upload", { bookId: book.body.result.data.id, content }, writer.token);
    expect(uploaded.status, uploaded.text.slice(0, 300)).toBe(200);
    const chapter = expectSuccess(await get(`/api/v1/books/${book.body.result.data.id}/chapters/${uploaded.body.result.data.id}`, writer.token), 200);
    expect(chapter.content).toBe(content);
  });
});
