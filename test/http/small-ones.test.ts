// @module-tag postgres
// Issue 30 items 6 and 8 over HTTP: control characters in a save, HEAD wherever GET is, a trashed
// book in a series, release days past 9999, pictures decoded before they are kept, invisible names.
import { connect } from "node:net";
import { crc32, deflateSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { PNG, bibleFixture } from "../support/http-bible-cases";
import { coverForm, createBook, uploadChapter } from "../support/http-books";
import { call, del, expectFailure, expectSuccess, get, patch, post, put } from "../support/http-client";
import { PASSWORD, signUp, uniqueEmail, type Account } from "../support/http-users";
import { startServer } from "../support/server";

let ann: Account;
beforeAll(async () => {
  ann = await signUp("small-ones-ann");
});

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG whose header says width × height (RGB), with one row of pixel data: a few hundred bytes. */
export function claimedPng(width: number, height: number): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  const row = deflateSync(Buffer.alloc(1 + 3 * Math.min(width, 1000)));
  return new Uint8Array(Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", row), chunk("IEND", Buffer.alloc(0))]));
}

function imageForm(bytes: Uint8Array<ArrayBuffer>, type = "image/png"): FormData {
  const form = new FormData();
  form.set("file", new Blob([bytes], { type }), "picture");
  return form;
}

describe("control characters in a save (item 6)", () => {
  it("are dropped, a form feed kept as the line break it stood for, and every word kept", async () => {
    const book = await createBook(ann.token, { title: "Pasted" });
    const chapter = await uploadChapter(ann.token, book.id, "Draft.", "One");
    const pasted = "End of page one.\u000cStart of page two \u0001with\u001b a \ufffe stray \uffff byte.";
    const saved = expectSuccess(await patch(`/api/v1/books/${book.id}/chapters/${chapter.id}`, ann.token, { version: chapter.version, content: pasted, title: "One \u0001" }), 201);
    expect(saved.content).toBe("End of page one.\nStart of page two with a  stray  byte.");
    expect(saved.title).toBe("One");
    const read = expectSuccess(await get(`/api/v1/books/${book.id}/chapters/${chapter.id}`, ann.token), 200);
    expect(read.content).toBe(saved.content);
    expect(read.version).toBe(chapter.version + 1);
  });
});

describe("HEAD wherever GET is answered (item 8)", () => {
  it("answers the cover, a bible picture and the bible export with GET's headers and no body", async () => {
    const f = await bibleFixture(ann);
    expectSuccess(await call("PUT", `/api/v1/books/${f.bookId}/cover`, { token: ann.token, body: coverForm() }), 201);
    expectSuccess(await call("PUT", `/api/v1/books/${f.bookId}/bible/entries/${f.lyra.id}/picture`, { token: ann.token, body: imageForm(PNG) }), 201);
    const files = {
      [`/api/v1/books/${f.bookId}/cover`]: "image/jpeg",
      [`/api/v1/books/${f.bookId}/bible/entries/${f.lyra.id}/picture`]: "image/png",
      [`/api/v1/books/${f.bookId}/bible/export`]: "text/markdown",
    };
    for (const [path, type] of Object.entries(files)) {
      const head = await call("HEAD", path, { token: ann.token });
      expect(head.status, path).toBe(200);
      expect(head.headers.get("content-type"), path).toContain(type);
      expect(head.headers.get("content-disposition"), path).toContain("attachment");
      expect(head.bytes.byteLength, path).toBe(0);
      expect((await call("HEAD", path)).status, path).toBe(401);
    }
  });
});

describe("a series and a book in the trash (item 8)", () => {
  it("refuses to take a trashed book (404 book_in_trash) and changes nothing; a book trashed while in it keeps its place", async () => {
    const kept = await createBook(ann.token, { title: "Kept" });
    const trashed = await createBook(ann.token, { title: "Binned" });
    expectSuccess(await del(`/api/v1/books/${trashed.id}`, ann.token), 204);
    expectFailure(await post("/api/v1/series", ann.token, { title: "With the bin", bookIds: [kept.id, trashed.id] }), 404, "book_in_trash");
    const series = expectSuccess(await post("/api/v1/series", ann.token, { title: "Kept only", bookIds: [kept.id] }), 201);
    expectFailure(await patch(`/api/v1/series/${series.id}`, ann.token, { bookIds: [kept.id, trashed.id] }), 404, "book_in_trash");
    expect(expectSuccess(await get(`/api/v1/series/${series.id}`, ann.token), 200).books.map((b: { id: string }) => b.id)).toEqual([kept.id]);

    expectSuccess(await del(`/api/v1/books/${kept.id}`, ann.token), 204);
    expectSuccess(await patch(`/api/v1/series/${series.id}`, ann.token, { title: "Renamed", bookIds: [kept.id] }), 201);
  });
});

describe("release days (item 8)", () => {
  it("are at most 2999-12-31, so every day a plan computes is a four-digit year", async () => {
    const book = await createBook(ann.token, { title: "Serial" });
    const chapter = await uploadChapter(ann.token, book.id, "Words to release.", "One");
    const plan = `/api/v1/books/${book.id}/release-plan`;
    expectFailure(await put(plan, ann.token, { cadence: "weekly", startDate: "9999-12-25", minimumBufferDays: null }), 422, "validation_failed");
    expectFailure(await patch(`/api/v1/books/${book.id}/chapters/${chapter.id}/release`, ann.token, { releaseDate: "9999-12-31" }), 422, "validation_failed");
    const set = expectSuccess(await put(plan, ann.token, { cadence: "weekly", startDate: "2999-12-31", minimumBufferDays: null }), 201);
    for (const day of set.chapters.map((c: { releaseDate: string }) => c.releaseDate)) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("covers and bible pictures are decoded before they are kept (item 8)", () => {
  it("refuses a 30,000 × 30,000 PNG (413) and a PNG signature followed by HTML (422), keeping nothing", async () => {
    const f = await bibleFixture(ann);
    const targets = [`/api/v1/books/${f.bookId}/cover`, `/api/v1/books/${f.bookId}/bible/entries/${f.lyra.id}/picture`];
    const html = new Uint8Array(Buffer.concat([SIGNATURE, Buffer.from("<html><script>alert(1)</script></html>")]));
    for (const path of targets) {
      const huge = expectFailure(await call("PUT", path, { token: ann.token, body: imageForm(claimedPng(30_000, 30_000)) }), 413, "payload_too_large");
      expect(huge).toMatchObject({ width: 30_000, height: 30_000 });
      expectFailure(await call("PUT", path, { token: ann.token, body: imageForm(html) }), 422, "corrupt_document");
      expectFailure(await call("PUT", path, { token: ann.token, body: imageForm(claimedPng(40, 40).subarray(0, 60)) }), 422, "corrupt_document");
    }
    expect((await get(`/api/v1/books/${f.bookId}`, ann.token)).body.data.cover).toBeNull();
    expect((await get(`/api/v1/books/${f.bookId}/bible/entries/${f.lyra.id}`, ann.token)).body.data.picture).toBeNull();
    // A real picture is kept.
    expectSuccess(await call("PUT", targets[1]!, { token: ann.token, body: imageForm(PNG) }), 201);
  });
});

describe("bible names a reader can see (item 8)", () => {
  it("refuses a zero-width space, a direction override, or a name of nothing visible, naming the character", async () => {
    const f = await bibleFixture(ann);
    const entries = `/api/v1/books/${f.bookId}/bible/entries`;
    const cases: Record<string, string> = {
      "Ly\u200bra": "U+200B ZERO WIDTH SPACE",
      "\u202eLyra": "U+202E RIGHT-TO-LEFT OVERRIDE",
      "\u200b\u200c": "U+200B ZERO WIDTH SPACE",
      // A joiner with nothing visible on one side, and a format character beyond the BMP.
      "Lyra\u200d": "U+200D",
      "Ly \u200cra": "U+200C",
      "\u{E0001}Lyra": "U+E0001",
    };
    for (const [name, character] of Object.entries(cases)) {
      const details = expectFailure(await post(entries, ann.token, { name }), 422, "validation_failed");
      expect(JSON.stringify(details), name).toContain(character);
      expectFailure(await post(entries, ann.token, { name: `Visible ${name.length}`, aliases: [name] }), 422, "validation_failed");
    }
    // Joiners between letters are part of names in Persian and many Indic scripts.
    expectSuccess(await post(entries, ann.token, { name: "نیلو\u200cفر" }), 201);
    expectSuccess(await post(entries, ann.token, { name: "Coder 👩\u200d💻" }), 201);
  });
});

describe("a request its client aborts (item 8)", () => {
  it("is one line in the server's log, not a stack trace", async () => {
    const server = await startServer({}, undefined, { captureOutput: true });
    try {
      const address = new URL(server.baseUrl);
      const email = uniqueEmail("abort");
      const json = { "content-type": "application/json" };
      await fetch(`${server.baseUrl}/api/v1/users`, { method: "POST", headers: json, body: JSON.stringify({ email, password: PASSWORD, name: "Cut" }) });
      const login = await (await fetch(`${server.baseUrl}/auth/login`, { method: "POST", headers: json, body: JSON.stringify({ email, password: PASSWORD }) })).json();
      const token: string = login.data.access_token;
      const book = (await (await fetch(`${server.baseUrl}/api/v1/books`, { method: "POST", headers: { ...json, authorization: `Bearer ${token}` }, body: JSON.stringify({ title: "Cut" }) })).json()).data;
      // Half a body each, then the connection is closed: JSON, then a multipart upload.
      const halves: [string, string, string][] = [
        [`/api/v1/books/${book.id}/chapters`, "application/json", '{"content": "It was a dark'],
        [`/api/v1/books/${book.id}/cover`, "multipart/form-data; boundary=cut", '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG'],
      ];
      for (const [path, type, half] of halves) {
        const socket = connect(Number(address.port), address.hostname);
        await new Promise((resolve) => socket.once("connect", resolve));
        const method = path.endsWith("cover") ? "PUT" : "POST";
        socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${address.host}\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${type}\r\nContent-Length: 100000\r\n\r\n${half}`);
        // The server has read the head and waits for the rest when a probe on another connection is answered.
        await fetch(`${server.baseUrl}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
        socket.destroy();
      }
      const log = await server.outputMatching(/ended before its body arrived/, halves.length);
      expect(log).not.toMatch(/^\s+at /m);
      // The log is JSON lines: a stack would be an error's "stack" field.
      expect(log).not.toContain('"stack"');
      expect(log).not.toContain("Error: aborted");
    } finally {
      server.stop();
    }
  });
});
