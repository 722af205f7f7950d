import { unzipSync, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { bookCount, bookState, createBook, uploadChapter } from "../support/http-books";
import { call, expectFailure, expectSuccess, get, post, waitForJob } from "../support/http-client";
import { manuscriptForm } from "../support/http-convert-cases";
import { signUp, type Account } from "../support/http-users";

let writer: Account;
beforeAll(async () => {
  writer = await signUp("convert");
});

const form = (parts: Record<string, string | { name: string; bytes: Uint8Array | string }>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(parts)) {
    if (typeof value === "string") body.set(key, value);
    else body.set(key, new Blob([value.bytes as BlobPart]), value.name);
  }
  return body;
};
const convert = (body: FormData, query = "") => call("POST", `/api/v1/convert${query}`, { token: writer.token, body });

describe("GET /api/v1/convert/formats", () => {
  it("lists at least 15 formats with what each can do", async () => {
    const formats = expectSuccess(await get("/api/v1/convert/formats", writer.token), 200);
    expect(formats.length).toBeGreaterThanOrEqual(15);
    expect(formats.find((f: { id: string }) => f.id === "epub")).toMatchObject({ read: true, write: true, mediaType: "application/epub+zip" });
  });
});

describe("POST /api/v1/convert", () => {
  it("answers the converted file with its type and an RFC 6266 name", async () => {
    const response = await convert(manuscriptForm({ to: "html" }, "# 第一章\n\n*Hello*", "信 (draft).md"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="_ (draft).html"; filename*=UTF-8''%E4%BF%A1%20%28draft%29.html`);
    expect(response.text).toContain("<em>Hello</em>");
  });

  it("takes JSON content for text formats", async () => {
    const response = await call("POST", "/api/v1/convert", { token: writer.token, json: { from: "md", to: "txt", content: "# Title\n\nSome **bold** words." } });
    expect(response.status).toBe(200);
    expect(response.text).toContain("bold");
    expect(response.text).not.toContain("**");
  });

  it("knows a format by its extensions too: markdown is md, htm is html (issue 33 item 12)", async () => {
    const response = await call("POST", "/api/v1/convert", { token: writer.token, json: { from: "markdown", to: "htm", content: "# Title\n\n*Hello*" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.text).toContain("<em>Hello</em>");
  });

  it("refuses unknown formats, mislabelled files, broken zips and JSON binaries with 422 in the envelope", async () => {
    expectFailure(await convert(manuscriptForm({ to: "wordperfect" })), 422, "unsupported_format");
    const mislabelled = expectFailure(await convert(form({ to: "md", file: { name: "novel.docx", bytes: "plain words, not a zip" } })), 422, "format_mismatch");
    expect(mislabelled).toEqual({ expected: "docx", detected: "text" });
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode("not really a zip at all")]);
    expectFailure(await convert(form({ to: "md", file: { name: "broken.docx", bytes: broken } })), 422, "corrupt_document");
    expectFailure(await call("POST", "/api/v1/convert", { token: writer.token, json: { from: "docx", to: "md", content: "PK" } }), 422, "unsupported_format");
    expectFailure(await convert(form({ to: "md" })), 422, "validation_failed");
    expectFailure(await call("POST", "/api/v1/convert", { token: writer.token, body: "# x", headers: { "content-type": "text/markdown" } }), 415, "unsupported_media_type");
  });

  it("refuses a zip bomb without expanding it, and an over-size upload with 413", async () => {
    const bomb = zipSync({
      "[Content_Types].xml": new TextEncoder().encode("<Types/>"),
      "word/document.xml": new Uint8Array(50 * 1024 * 1024),
    });
    expect(bomb.byteLength).toBeLessThan(2 * 1024 * 1024);
    expectFailure(await convert(form({ to: "md", file: { name: "bomb.docx", bytes: bomb } })), 413, "archive_too_large");
    const big = new Uint8Array(21 * 1024 * 1024).fill(0x61);
    expectFailure(await convert(form({ to: "html", file: { name: "big.txt", bytes: big } })), 413, "payload_too_large");
  });

  it("queues with async=1: 202, Location, a job to poll and a result to download", async () => {
    const response = await convert(manuscriptForm({ to: "epub" }), "?async=1");
    const job = expectSuccess(response, 202);
    expect(response.headers.get("location")).toBe(`/api/v1/jobs/${job.id}`);
    expectFailure(await get(`/api/v1/convert/jobs/${job.id}`, (await signUp("convert-other")).token), 403, "forbidden");
    expect(await waitForJob(writer.token, job.id)).toMatchObject({ status: "succeeded", file: { name: "manuscript.epub" } });
    const file = await get(`/api/v1/convert/jobs/${job.id}/result`, writer.token);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/epub+zip");
    const epub = unzipSync(file.bytes);
    expect(new TextDecoder().decode(epub.mimetype)).toBe("application/epub+zip");
    expect(Object.values(epub).map((bytes) => new TextDecoder().decode(bytes)).join("")).toContain("The second chapter.");
    expectFailure(await get("/api/v1/convert/jobs/no-such-job", writer.token), 404, "not_found");
  });

  it("stays responsive while a long-tail (pandoc) conversion runs", async () => {
    let converted = false;
    // DocBook goes through pandoc-wasm (ODT, the example before, is written by the engine's own
    // writer now, too fast to be the long tail): seconds for 120,000 words.
    const slow = convert(manuscriptForm({ to: "docbook" }, `# Long\n\n${"A sentence of the long tail. ".repeat(20_000)}`)).then((answer) => {
      converted = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Answered while the conversion is still running: it does not hold the server's thread. (How
    // fast is bench/convert.mjs's to measure; a test asserts the order, not a time.)
    expectSuccess(await get("/api/v1/users/me", writer.token), 200);
    expect(converted).toBe(false);
    expect([200, 202]).toContain((await slow).status);
  });
});

describe("GET /api/v1/books/{bookId}/export", () => {
  let bookId: string;
  beforeAll(async () => {
    const book = await createBook(writer.token, { title: "雨の日 Rainy" });
    bookId = book.id;
    await uploadChapter(writer.token, bookId, "First chapter words.", "One");
    await uploadChapter(writer.token, bookId, "Second chapter words.", "Two");
  });

  it("answers the book as EPUB, named after its title", async () => {
    const response = await get(`/api/v1/books/${bookId}/export?format=epub`, writer.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/epub+zip");
    expect(response.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("雨の日 Rainy.epub")}`);
    const epub = unzipSync(response.bytes);
    const text = (name: string) => new TextDecoder().decode(epub[name]);
    expect(text("OEBPS/content.opf")).toContain("<dc:title>雨の日 Rainy</dc:title>");
    expect(text("OEBPS/chapter-1.xhtml")).toContain("First chapter words.");
    expect(text("OEBPS/chapter-2.xhtml")).toContain("Second chapter words.");
  });

  it("negotiates the format from Accept, on the API path and its /books alias", async () => {
    for (const path of [`/api/v1/books/${bookId}/export`, `/books/${bookId}/export`]) {
      const response = await get(path, writer.token, { accept: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" });
      expect(response.status, response.text.slice(0, 200)).toBe(200);
      expect(response.headers.get("content-disposition")).toContain(".docx");
    }
    const markdown = await get(`/api/v1/books/${bookId}/export`, writer.token, { accept: "text/markdown" });
    expect(markdown.text.indexOf("First chapter")).toBeLessThan(markdown.text.indexOf("Second chapter"));
  });

  it("answers 406 in the JSON envelope for a format it cannot write", async () => {
    expectFailure(await get(`/api/v1/books/${bookId}/export?format=wordperfect`, writer.token), 406, "not_acceptable");
    expectFailure(await get(`/api/v1/books/${bookId}/export`, writer.token, { accept: "image/png" }), 406, "not_acceptable");
    expectFailure(await get(`/api/v1/books/${bookId}/export?format=epub&manuscript=1`, writer.token), 406, "not_acceptable");
    expectFailure(await get(`/api/v1/books/${bookId}/export?format=epub&colour=red`, writer.token), 400, "invalid_query");
  });

  it("writes a Standard Manuscript Format DOCX, and queues with async=1", async () => {
    const response = await get(`/api/v1/books/${bookId}/export?format=docx&manuscript=1`, writer.token);
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    const files = unzipSync(response.bytes);
    const xml = (name: string) => new TextDecoder().decode(files[name]);
    const document = xml("word/document.xml");
    // The book's chapters in order, with the manuscript's cover details (the writer's contact) and END.
    expect(document.indexOf("First chapter words.")).toBeGreaterThan(-1);
    expect(document.indexOf("First chapter words.")).toBeLessThan(document.indexOf("Second chapter words."));
    expect(document).toContain(writer.email);
    expect(document).toContain('<w:t xml:space="preserve">END</w:t>');
    expect(xml("word/styles.xml")).toContain('w:ascii="Courier New"');
    const header = Object.keys(files).filter((name) => /^word\/header\d*\.xml$/.test(name)).map(xml).join("");
    expect(header).toContain(`convert / ${"雨の日 Rainy".toUpperCase()} / `);
    // Without manuscript=1 the same book is an ordinary DOCX: no manuscript header.
    const plain = unzipSync((await get(`/api/v1/books/${bookId}/export?format=docx`, writer.token)).bytes);
    expect(Object.keys(plain).filter((name) => /^word\/header\d*\.xml$/.test(name)).map((name) => new TextDecoder().decode(plain[name])).join("")).not.toContain(" / ");
    const queued = await get(`/api/v1/books/${bookId}/export?format=pdf&async=1`, writer.token);
    const job = expectSuccess(queued, 202);
    expect(await waitForJob(writer.token, job.id)).toMatchObject({ status: "succeeded" });
    const pdf = await get(`/api/v1/convert/jobs/${job.id}/result`, writer.token);
    expect(pdf.text.startsWith("%PDF-")).toBe(true);
  });
});

describe("POST /api/v1/books/import and /api/v1/books/{bookId}/import", () => {
  it("makes a book from a manuscript: 201 with the book and its chapter count", async () => {
    const response = await call("POST", "/api/v1/books/import", { token: writer.token, body: manuscriptForm() });
    const data = expectSuccess(response, 201);
    expect(data).toMatchObject({ book: { title: "manuscript", chapterCount: 2 }, chapterCount: 2 });
    const chapters = expectSuccess(await get(`/api/v1/books/${data.book.id}/chapters?include=content`, writer.token), 200);
    expect(chapters.map((c: { title: string }) => c.title)).toEqual(["One", "Two"]);
  });

  it("splits plain text at Chinese chapter headings", async () => {
    const text = "第一章 开始\n很久以前。\n\n第二章 结束\n后来。\n";
    const data = expectSuccess(await call("POST", "/api/v1/books/import", { token: writer.token, body: manuscriptForm({ title: "小说" }, text, "xiaoshuo.txt") }), 201);
    expect(data.chapters.map((c: { title: string }) => c.title)).toEqual(["第一章 开始", "第二章 结束"]);
    expect(data.book.title).toBe("小说");
  });

  it("appends chapters to an existing book", async () => {
    const book = await createBook(writer.token);
    await uploadChapter(writer.token, book.id, "Already here.", "Zero");
    const data = expectSuccess(await call("POST", `/api/v1/books/${book.id}/import`, { token: writer.token, body: manuscriptForm() }), 201);
    expect(data.chapters.map((c: { position: number }) => c.position)).toEqual([2, 3]);
  });

  it("changes nothing when the manuscript is refused", async () => {
    const before = await bookCount(writer.token);
    expectFailure(await call("POST", "/api/v1/books/import", { token: writer.token, body: form({ file: { name: "fake.epub", bytes: "not an epub" } }) }), 422, "format_mismatch");
    expectFailure(await call("POST", "/api/v1/books/import", { token: writer.token, body: manuscriptForm({ from: "nonsense" }) }), 422, "unsupported_format");
    expectFailure(await call("POST", "/api/v1/books/import", { token: writer.token, body: manuscriptForm({ chapterPattern: " " }) }), 422, "validation_failed");
    const oversize = form({ file: { name: "big.txt", bytes: new Uint8Array(21 * 1024 * 1024).fill(0x61) } });
    expectFailure(await call("POST", "/api/v1/books/import", { token: writer.token, body: oversize }), 413, "payload_too_large");
    expect(await bookCount(writer.token)).toEqual(before);
    const book = await createBook(writer.token);
    const state = await bookState(writer.token, book.id);
    const huge = `# Fine\n\nok\n\n# Huge\n\n${"x".repeat(5 * 1024 * 1024 + 1)}`;
    expectFailure(await call("POST", `/api/v1/books/${book.id}/import`, { token: writer.token, body: manuscriptForm({}, huge) }), 422, "validation_failed");
    expect(await bookState(writer.token, book.id)).toEqual(state);
  });

  it("refuses a JSON body with 415 naming multipart, in the JSON envelope: an import takes a file part (issue 33 item 7)", async () => {
    const refused = await post("/api/v1/books/import", writer.token, { title: "No file" });
    expect(expectFailure(refused, 415, "unsupported_media_type")).toEqual({ accepted: "multipart/form-data" });
    expect(refused.body.msg).toContain("multipart/form-data");
  });

  it("previews the split as a dry run: the chapters' titles and word counts, and no book (issue 19 item 4)", async () => {
    const before = await bookCount(writer.token);
    const text = "Part 1\nIt began.\nChapter 9\nStill part one.\nPart 2\nIt went on and on.\n";
    const data = expectSuccess(await call("POST", "/api/v1/books/import/preview", { token: writer.token, body: manuscriptForm({ chapterPattern: "Part {n}" }, text, "parts.txt") }), 200);
    expect(data).toEqual({
      title: null,
      author: null,
      language: null,
      chapterCount: 2,
      wordCount: 12,
      // The caller's pattern makes these chapters: none is a part (decision 0488).
      chapters: [
        { title: "Part 1", wordCount: 7, part: null },
        { title: "Part 2", wordCount: 5, part: null },
      ],
      parts: [],
    });
    expectFailure(await call("POST", "/api/v1/books/import/preview", { token: writer.token, body: manuscriptForm({ from: "nonsense" }) }), 422, "unsupported_format");
    expect(await bookCount(writer.token)).toEqual(before);
  });
});

describe("one job resource, and HEAD without side effects (issue 18 item 4)", () => {
  let owner: Account;
  let bookId: string;
  beforeAll(async () => {
    owner = await signUp("convert-head");
    bookId = (await createBook(owner.token, { title: "Quiet Heads" })).id;
    await uploadChapter(owner.token, bookId, "Only words.", "One");
  });
  const jobCount = async () => {
    const listed = await get("/api/v1/jobs?per_page=1", owner.token);
    expectSuccess(listed, 200);
    return Number(listed.headers.get("x-total-count"));
  };

  it("queues no job for HEAD on an export with async=1, where GET queues one", async () => {
    const before = await jobCount();
    const head = await call("HEAD", `/api/v1/books/${bookId}/export?format=pdf&async=1`, { token: owner.token });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("application/pdf");
    expect(head.headers.get("location")).toBeNull();
    expect(await jobCount()).toBe(before);
    // The count does move when a job is queued: GET does queue one.
    expectSuccess(await get(`/api/v1/books/${bookId}/export?format=pdf&async=1`, owner.token), 202);
    expect(await jobCount()).toBe(before + 1);
  });

  it("answers a plain HEAD on an export with GET's type and name and no body", async () => {
    for (const format of ["docx", "md"]) {
      const got = await get(`/api/v1/books/${bookId}/export?format=${format}`, owner.token);
      expect(got.status).toBe(200);
      const head = await call("HEAD", `/api/v1/books/${bookId}/export?format=${format}`, { token: owner.token });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-type")).toBe(got.headers.get("content-type"));
      expect(head.headers.get("content-disposition")).toBe(got.headers.get("content-disposition"));
      expect(head.text).toBe("");
    }
  });

  it("writes nothing for a plain HEAD on a book so long that GET queues its export", async () => {
    const long = (await createBook(owner.token, { title: "Long Heads" })).id;
    await uploadChapter(owner.token, long, "word ".repeat(200_001), "All of it");
    const before = await jobCount();
    const head = await call("HEAD", `/api/v1/books/${long}/export?format=epub`, { token: owner.token });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("application/epub+zip");
    expect(head.headers.get("content-disposition")).toContain("Long Heads.epub");
    expect(await jobCount()).toBe(before);
    const queued = await get(`/api/v1/books/${long}/export?format=epub`, owner.token);
    expect(expectSuccess(queued, 202).kind).toBe("convert.export");
    expect(await jobCount()).toBe(before + 1);
  });

  it("makes GET's checks on HEAD: a format it cannot write is 406, another writer's book 403, no credential 401", async () => {
    expect((await call("HEAD", `/api/v1/books/${bookId}/export?format=wordperfect`, { token: owner.token })).status).toBe(406);
    expect((await call("HEAD", `/api/v1/books/${bookId}/export?format=md`, { token: writer.token })).status).toBe(403);
    expect((await call("HEAD", `/api/v1/books/${bookId}/export?format=md`)).status).toBe(401);
  });

  it("refuses HEAD on POST /api/v1/convert with 405 and its Allow, converting nothing", async () => {
    const before = await jobCount();
    const head = await call("HEAD", "/api/v1/convert?async=1", { token: owner.token });
    expect(head.status).toBe(405);
    expect(head.headers.get("allow")).toBe("POST, OPTIONS");
    expect(await jobCount()).toBe(before);
  });

  it("points every 202's Location at the job's one address, its links.self, where the job and its file are served", async () => {
    const converted = await call("POST", "/api/v1/convert?async=1", { token: owner.token, body: manuscriptForm({ to: "html" }) });
    const exported = await get(`/api/v1/books/${bookId}/export?format=md&async=1`, owner.token);
    for (const response of [converted, exported]) {
      const job = expectSuccess(response, 202);
      expect(job.links.self).toBe(`/api/v1/jobs/${job.id}`);
      expect(response.headers.get("location")).toBe(job.links.self);
    }
    const job = expectSuccess(converted, 202);
    let done = job;
    for (let i = 0; i < 300 && (done.status === "queued" || done.status === "running"); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      done = expectSuccess(await get(job.links.self, owner.token), 200);
    }
    expect(done).toMatchObject({ status: "succeeded", links: { self: job.links.self, file: `${job.links.self}/file` } });
    // The older address is the same handler: the same job, the same links.
    expect(expectSuccess(await get(`/api/v1/convert/jobs/${job.id}`, owner.token), 200)).toEqual(done);
    const file = await get(done.links.file, owner.token);
    expect(file.text).toContain("The second chapter.");
    // HEAD on the job's file answers from the job, as its download would.
    const head = await call("HEAD", done.links.file, { token: owner.token });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe(file.headers.get("content-type"));
    expect(head.headers.get("content-disposition")).toBe(file.headers.get("content-disposition"));
    expect(head.text).toBe("");
  });
});
