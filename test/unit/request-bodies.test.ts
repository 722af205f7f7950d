// @module-tag shared
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@/server/errors";
import { INLINE_PARSE_BYTES, parseJsonBody } from "@/server/request/decode-body";
import { MAX_PARTS, readParts } from "@/server/http/multipart";
import { MAX_JSON_VALUES } from "@/server/request/parse-task";
import { readBody } from "@/server/http/read-body";
import { documentText, MAX_UPLOAD_BYTES } from "@/server/convert/schemas";
import { cpuMark, cpuMsSince } from "../support/cpu-time";

const MiB = 1024 * 1024;

async function failure(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const formRequest = (form: FormData) => new Request("http://inkstone.test/upload", { method: "POST", body: form });

function rawMultipart(boundary: string, body: string | Buffer): Request {
  return new Request("http://inkstone.test/upload", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
}

describe("JSON bodies", () => {
  it("parses small bodies here and large ones in a worker, to the same value", async () => {
    const small = { content: "字".repeat(1000) };
    expect(await parseJsonBody(new TextEncoder().encode(JSON.stringify(small)), "writer")).toEqual(small);
    const large = { content: "字".repeat(INLINE_PARSE_BYTES), title: "Big" };
    expect(await parseJsonBody(new TextEncoder().encode(JSON.stringify(large)), "writer")).toEqual(large);
  });

  it("answers invalid JSON and bytes that are not UTF-8 with malformed_json, large or small", async () => {
    const padding = " ".repeat(INLINE_PARSE_BYTES);
    for (const body of ['{"title": "Half', `{"title": "Half${padding}`]) {
      expect((await failure(parseJsonBody(new TextEncoder().encode(body), "writer"))).code).toBe("malformed_json");
    }
    for (const size of [10, INLINE_PARSE_BYTES + 10]) {
      const bytes = new TextEncoder().encode(`{"content": "${"a".repeat(size)}"}`);
      bytes[5] = 0xff;
      expect((await failure(parseJsonBody(bytes, "writer"))).code).toBe("malformed_json");
    }
  });

  it("refuses a body of more values than any input has with 413, before handing them back", async () => {
    const body = new TextEncoder().encode(JSON.stringify({ a: Array.from({ length: MAX_JSON_VALUES }, () => 0) }));
    expect(body.byteLength).toBeLessThan(INLINE_PARSE_BYTES);
    expect((await failure(parseJsonBody(body, "writer"))).code).toBe("payload_too_large");
    const deep = new TextEncoder().encode(`${"[".repeat(200_000)}${"]".repeat(200_000)}`);
    expect((await failure(parseJsonBody(deep, "writer"))).code).toBe("payload_too_large");
  });
});

describe("multipart bodies", () => {
  const schema = z.strictObject({ content: z.string(), title: z.string().optional() });
  const binarySchema = z.strictObject({ file: z.custom<{ name: string; bytes: Uint8Array }>(), title: z.string().optional() });

  it("reads text parts as UTF-8 and keeps a binary endpoint's files as bytes", async () => {
    const text = new FormData();
    text.append("file", new Blob(["# 第一章\n\nword"]), "one.md");
    text.append("title", "标题");
    expect(await readBody(formRequest(text), schema, { maxBytes: MiB, multipart: true })).toEqual({ content: "# 第一章\n\nword", title: "标题" });

    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]);
    const binary = new FormData();
    binary.append("file", new Blob([bytes]), "book.docx");
    const read = await readBody(formRequest(binary), binarySchema, { maxBytes: MiB, multipart: "binary" });
    expect(read.file.name).toBe("book.docx");
    expect([...read.file.bytes]).toEqual([...bytes]);
  });

  it("refuses a text part that is not UTF-8 naming it, on text and binary endpoints alike", async () => {
    const text = new FormData();
    text.append("file", new Blob([new Uint8Array([0x48, 0xff, 0xfe])]), "one.md");
    expect((await failure(readBody(formRequest(text), schema, { maxBytes: MiB, multipart: true }))).details).toEqual([{ path: "file", message: "must be UTF-8 text" }]);
    const binary = new FormData();
    binary.append("file", new Blob(["x"]), "a.docx");
    binary.append("title", new Blob([new Uint8Array([0xc3])]));
    // A Blob without a file name is a plain part: FormData names it "blob", so build it by hand.
    const boundary = "b0undary";
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.docx"\r\n\r\nx\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n`),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const error = await failure(readBody(rawMultipart(boundary, body), binarySchema, { maxBytes: MiB, multipart: "binary" }));
    expect(error.details).toEqual([{ path: "title", message: "must be UTF-8 text" }]);
  });

  it("refuses JSON with 415 naming multipart where the endpoint takes multipart alone (issue 33 item 7)", async () => {
    const json = new Request("http://inkstone.test/upload", { method: "PUT", headers: { "content-type": "application/json" }, body: '{"file":"x"}' });
    const error = await failure(readBody(json, binarySchema, { maxBytes: MiB, multipart: "binary", json: false }));
    expect(error.code).toBe("unsupported_media_type");
    expect(error.message).toContain("multipart/form-data");
    expect(error.details).toEqual({ accepted: "multipart/form-data" });
    const text = new Request("http://inkstone.test/upload", { method: "POST", headers: { "content-type": "text/plain" }, body: "x" });
    expect((await failure(readBody(text, schema, { maxBytes: MiB, multipart: true }))).details).toEqual({ accepted: "application/json or multipart/form-data" });
  });

  it("refuses a part sent twice, and a file with a content part", async () => {
    const twice = new FormData();
    twice.append("content", "one");
    twice.append("content", "two");
    expect((await failure(readBody(formRequest(twice), schema, { maxBytes: MiB, multipart: true }))).code).toBe("validation_failed");
    const both = new FormData();
    both.append("file", new Blob(["one"]), "a.md");
    both.append("content", "two");
    expect((await failure(readBody(formRequest(both), schema, { maxBytes: MiB, multipart: true }))).details).toEqual([
      { path: "content", message: "send the text as a file or as content, not both" },
    ]);
  });

  it("refuses ten thousand tiny parts after the first few, quickly", async () => {
    const boundary = "tiny";
    const body = `${Array.from({ length: 10_000 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="p${i}"\r\n\r\nx\r\n`).join("")}--${boundary}--\r\n`;
    const started = cpuMark();
    const error = await failure(readParts(rawMultipart(boundary, body), MiB));
    expect(error.details).toEqual([{ path: "(body)", message: `at most ${MAX_PARTS} parts` }]);
    expect(cpuMsSince(started)).toBeLessThan(1000);
  });

  it("answers a malformed or truncated body, or an unusable boundary, with 400", async () => {
    expect((await failure(readParts(rawMultipart("b", "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunfinished"), MiB))).code).toBe("malformed_request");
    expect((await failure(readParts(rawMultipart("b".repeat(71), "x"), MiB))).code).toBe("malformed_request");
    const noBoundary = new Request("http://inkstone.test/upload", { method: "POST", headers: { "content-type": "multipart/form-data" }, body: "x" });
    expect((await failure(readParts(noBoundary, MiB))).code).toBe("malformed_request");
  });

  it("refuses a body past the limit while it streams, whatever Content-Length says", async () => {
    const form = new FormData();
    form.append("file", new Blob(["a".repeat(2 * MiB)]), "big.md");
    const request = formRequest(form);
    expect(request.headers.get("content-length")).toBeNull();
    expect((await failure(readParts(request, MiB))).code).toBe("payload_too_large");
  });

  it("reads a 20 MiB upload in linear time, however its bytes look", async () => {
    // Bytes that resemble the boundary everywhere are the worst case for the boundary search. A
    // quadratic search takes minutes here and a linear one well under a second (bench/attacks.mjs
    // measures it); the bound, in CPU time, only tells the two apart.
    const boundary = "a".repeat(70);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.docx"\r\n\r\n`),
      Buffer.alloc(20 * MiB, "\r\n--aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const started = cpuMark();
    const parts = await readParts(rawMultipart(boundary, body), 21 * MiB);
    expect(cpuMsSince(started)).toBeLessThan(15_000);
    expect(parts[0]!.bytes.byteLength).toBe(20 * MiB);
  });
});

describe("a document's limit in UTF-8 bytes", () => {
  it("counts bytes, not UTF-16 units, and fails as a size limit", () => {
    const atLimit = "字".repeat((MAX_UPLOAD_BYTES - 2) / 3) + "ab";
    expect(Buffer.byteLength(atLimit)).toBe(MAX_UPLOAD_BYTES);
    expect(documentText().safeParse(atLimit).success).toBe(true);
    const over = documentText().safeParse(`${atLimit}c`);
    expect(over.error?.issues[0]).toMatchObject({ code: "custom", params: { maxBytes: MAX_UPLOAD_BYTES } });
  });
});
