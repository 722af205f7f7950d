// @module-tag postgres
import { beforeAll, describe, expect, it } from "vitest";
import { call, del, expectFailure, expectSuccess, get, patch, post, put } from "../support/http-client";
import { bookState, createBook, saveChapter, uploadChapter } from "../support/http-books";
import { signUp, type Account } from "../support/http-users";

let writer: Account;
beforeAll(async () => {
  writer = await signUp("chapters");
});

const chapterPath = (bookId: string, chapterId: string) => `/api/v1/books/${bookId}/chapters/${chapterId}`;
const bookOf = async (bookId: string) => expectSuccess(await get(`/api/v1/books/${bookId}`, writer.token), 200);
const positions = async (bookId: string) =>
  expectSuccess(await get(`/api/v1/books/${bookId}/chapters`, writer.token), 200).map((c: { title: string; position: number }) => [c.position, c.title]);

describe("upload", () => {
  it("takes a title, or the leading # Heading, or numbers the chapter", async () => {
    const book = await createBook(writer.token);
    const named = await uploadChapter(writer.token, book.id, "# Ignored heading\n\nText.", "Given Title");
    expect(named).toMatchObject({ bookId: book.id, title: "Given Title", position: 1, version: 1, content: "# Ignored heading\n\nText." });
    const headed = await uploadChapter(writer.token, book.id, "\n\n## The Storm ##\n\nRain.");
    expect(headed).toMatchObject({ title: "The Storm", position: 2, version: 1 });
    const plain = await uploadChapter(writer.token, book.id, "No heading here.");
    expect(plain).toMatchObject({ title: "Chapter 3", position: 3 });
  });

  it("answers 201 with the chapter, an ETag of its version, and version 1 in its history", async () => {
    const book = await createBook(writer.token);
    const response = await post(`/api/v1/books/${book.id}/chapters`, writer.token, { content: "# One\n\nBegin." });
    const chapter = expectSuccess(response, 201);
    expect(response.headers.get("etag")).toBe('"1"');
    const revisions = expectSuccess(await get(`${chapterPath(book.id, chapter.id)}/revisions`, writer.token), 200);
    expect(revisions).toEqual([{ version: 1, title: "One", wordCount: 2, createdAt: expect.any(String), kind: "upload", changeSetId: null, authorId: writer.id, authorName: "chapters", snapshotId: null, snapshotName: null, suggestedById: null, suggestedByName: null }]);
  });

  it("takes a multipart upload with a file part (and an optional title field)", async () => {
    const book = await createBook(writer.token);
    const form = new FormData();
    form.append("file", new Blob(["# From a File\n\nUploaded words here."], { type: "text/markdown" }), "chapter.md");
    const fromFile = expectSuccess(await call("POST", `/api/v1/books/${book.id}/chapters`, { token: writer.token, body: form }), 201);
    expect(fromFile).toMatchObject({ title: "From a File", content: "# From a File\n\nUploaded words here.", wordCount: 6 });
    const titled = new FormData();
    titled.append("title", "Named in the form");
    titled.append("file", new Blob(["Body text."]), "b.txt");
    expect(expectSuccess(await call("POST", `/api/v1/books/${book.id}/chapters`, { token: writer.token, body: titled }), 201).title).toBe("Named in the form");
  });

  it("refuses an upload without content with 422", async () => {
    const book = await createBook(writer.token);
    expect(expectFailure(await post(`/api/v1/books/${book.id}/chapters`, writer.token, { title: "Empty" }), 422, "validation_failed")).toEqual([
      { path: "content", message: expect.any(String), code: "invalid_type", expected: "string" },
    ]);
    expect((await bookOf(book.id)).chapterCount).toBe(0);
  });
});

describe("listing", () => {
  it("lists chapters in order without their text, and with it on include=content", async () => {
    const book = await createBook(writer.token);
    await uploadChapter(writer.token, book.id, "First text.", "First");
    await uploadChapter(writer.token, book.id, "Second text.", "Second");
    const bare = expectSuccess(await get(`/api/v1/books/${book.id}/chapters`, writer.token), 200);
    expect(bare.map((c: { title: string }) => c.title)).toEqual(["First", "Second"]);
    for (const chapter of bare) expect(chapter).not.toHaveProperty("content");
    const full = expectSuccess(await get(`/api/v1/books/${book.id}/chapters?include=content`, writer.token), 200);
    expect(full.map((c: { content: string }) => c.content)).toEqual(["First text.", "Second text."]);
  });

  it("carries at most 4 MiB of text on a page, counted in UTF-8 bytes: the chapters past it are listed without theirs, and the next page starts with text", async () => {
    const book = await createBook(writer.token);
    // 1.8 MB each in UTF-8, 600,000 characters: two fit under 4 MiB, three do not (by characters all four would).
    const long = (n: number) => `${n}` + "字".repeat(600_000);
    for (const n of [1, 2, 3]) await uploadChapter(writer.token, book.id, long(n), `Long ${n}`);
    await uploadChapter(writer.token, book.id, "Short.", "Short");
    type Listed = { title: string; content?: string; contentOmitted?: boolean; wordCount: number };
    const page = expectSuccess(await get(`/api/v1/books/${book.id}/chapters?include=content`, writer.token), 200) as Listed[];
    expect(page.map((c) => [c.title, c.content === undefined ? undefined : c.content.length, c.contentOmitted])).toEqual([
      ["Long 1", 600_001, undefined],
      ["Long 2", 600_001, undefined],
      ["Long 3", undefined, true],
      ["Short", undefined, true],
    ]);
    expect(page[0]!.content === long(1)).toBe(true);
    expect(page[2]!.wordCount).toBeGreaterThan(0);
    const second = expectSuccess(await get(`/api/v1/books/${book.id}/chapters?include=content&page=2&per_page=2`, writer.token), 200) as Listed[];
    expect(second.map((c) => [c.title, c.content?.slice(0, 3), c.contentOmitted])).toEqual([
      ["Long 3", "3字字", undefined],
      ["Short", "Sho", undefined],
    ]);
  });
});

describe("saving", () => {
  it("saves against the body version and against If-Match, each bumping the version and the ETag", async () => {
    const book = await createBook(writer.token);
    const chapter = await uploadChapter(writer.token, book.id, "v1", "Title");
    const byBody = await put(chapterPath(book.id, chapter.id), writer.token, { title: "Title", content: "v2 text", version: 1 });
    expect(expectSuccess(byBody, 201)).toMatchObject({ version: 2, content: "v2 text" });
    expect(byBody.headers.get("etag")).toBe('"2"');
    const byHeader = await call("PUT", chapterPath(book.id, chapter.id), {
      token: writer.token,
      json: { title: "Title", content: "v3 text" },
      headers: { "if-match": '"2"' },
    });
    expect(expectSuccess(byHeader, 201)).toMatchObject({ version: 3, content: "v3 text" });
    expect(byHeader.headers.get("etag")).toBe('"3"');
    const read = await get(chapterPath(book.id, chapter.id), writer.token);
    expect(read.headers.get("etag")).toBe('"3"');
  });

  it("refuses a stale body version with 409 and a stale If-Match with 412; the text stays", async () => {
    const book = await createBook(writer.token);
    const chapter = await uploadChapter(writer.token, book.id, "original", "Title");
    await saveChapter(writer.token, book.id, chapter.id, 1, { title: "Title", content: "second save" });
    const before = await bookState(writer.token, book.id);
    const stale = await put(chapterPath(book.id, chapter.id), writer.token, { title: "Title", content: "LOST?", version: 1 });
    expect(expectFailure(stale, 409, "version_conflict")).toEqual({ expectedVersion: 1, currentVersion: 2 });
    const staleHeader = await call("PATCH", chapterPath(book.id, chapter.id), { token: writer.token, json: { content: "LOST?" }, headers: { "if-match": '"1"' } });
    expect(expectFailure(staleHeader, 412, "precondition_failed")).toEqual({ expectedVersion: 1, currentVersion: 2 });
    expect(await bookState(writer.token, book.id)).toEqual(before);
    expect(expectSuccess(await get(chapterPath(book.id, chapter.id), writer.token), 200)).toMatchObject({ version: 2, content: "second save" });
  });

  it("refuses a save that names no version (422), or a bad If-Match (400), and changes nothing", async () => {
    const book = await createBook(writer.token);
    const chapter = await uploadChapter(writer.token, book.id, "original", "Title");
    const before = await bookState(writer.token, book.id);
    expect(expectFailure(await patch(chapterPath(book.id, chapter.id), writer.token, { content: "x" }), 422, "validation_failed")).toEqual([
      { path: "version", message: expect.any(String) },
    ]);
    expectFailure(await call("PATCH", chapterPath(book.id, chapter.id), { token: writer.token, json: { content: "x" }, headers: { "if-match": "*" } }), 400, "malformed_request");
    expectFailure(await patch(chapterPath(book.id, chapter.id), writer.token, { version: 1 }), 422, "validation_failed");
    const mismatch = await call("PATCH", chapterPath(book.id, chapter.id), { token: writer.token, json: { content: "x", version: 1 }, headers: { "if-match": '"2"' } });
    expectFailure(mismatch, 422, "validation_failed");
    expectFailure(await put(chapterPath(book.id, chapter.id), writer.token, { content: "no title", version: 1 }), 422, "validation_failed");
    expect(await bookState(writer.token, book.id)).toEqual(before);
  });

  it("PATCH with only a title keeps the text and makes a new version", async () => {
    const book = await createBook(writer.token);
    const chapter = await uploadChapter(writer.token, book.id, "Keep these words.", "Old");
    const saved = expectSuccess(await patch(chapterPath(book.id, chapter.id), writer.token, { title: "New", version: 1 }), 201);
    expect(saved).toMatchObject({ title: "New", content: "Keep these words.", version: 2, wordCount: 3 });
  });
});

describe("revisions", () => {
  it("lists every save newest first, reads each, and restoring makes a new version that keeps the replaced text", async () => {
    const book = await createBook(writer.token);
    const chapter = await uploadChapter(writer.token, book.id, "first draft words", "Draft");
    await saveChapter(writer.token, book.id, chapter.id, 1, { title: "Draft", content: "second draft" });
    await saveChapter(writer.token, book.id, chapter.id, 2, { title: "Final", content: "third and final draft" });
    const listed = expectSuccess(await get(`${chapterPath(book.id, chapter.id)}/revisions`, writer.token), 200);
    expect(listed.map((r: { version: number; title: string; wordCount: number }) => [r.version, r.title, r.wordCount])).toEqual([
      [3, "Final", 4],
      [2, "Draft", 2],
      [1, "Draft", 3],
    ]);
    const one = expectSuccess(await get(`${chapterPath(book.id, chapter.id)}/revisions/1`, writer.token), 200);
    expect(one).toEqual({ version: 1, title: "Draft", wordCount: 3, createdAt: expect.any(String), kind: "upload", changeSetId: null, authorId: writer.id, authorName: "chapters", snapshotId: null, snapshotName: null, suggestedById: null, suggestedByName: null, content: "first draft words" });

    const restoring = await post(`${chapterPath(book.id, chapter.id)}/restorations`, writer.token, { revision: 1, version: 3 });
    expect(expectSuccess(restoring, 201)).toMatchObject({ version: 4, title: "Draft", content: "first draft words", wordCount: 3 });
    expect(restoring.headers.get("etag")).toBe('"4"');
    const replaced = expectSuccess(await get(`${chapterPath(book.id, chapter.id)}/revisions/3`, writer.token), 200);
    expect(replaced.content).toBe("third and final draft");
    const after = await get(`${chapterPath(book.id, chapter.id)}/revisions`, writer.token);
    expect(after.headers.get("x-total-count")).toBe("4");
    expect((await bookOf(book.id)).wordCount).toBe(3);
  });

  it("honours If-Match on a restoration: a stale one answers 412 and changes nothing", async () => {
    const book = await createBook(writer.token);
    const chapter = await uploadChapter(writer.token, book.id, "one", "T");
    await saveChapter(writer.token, book.id, chapter.id, 1, { title: "T", content: "two" });
    const before = await bookState(writer.token, book.id);
    const stale = await call("POST", `${chapterPath(book.id, chapter.id)}/restorations`, { token: writer.token, json: { revision: 1 }, headers: { "if-match": '"1"' } });
    expectFailure(stale, 412, "precondition_failed");
    expect(await bookState(writer.token, book.id)).toEqual(before);
    const current = await call("POST", `${chapterPath(book.id, chapter.id)}/restorations`, { token: writer.token, json: { revision: 1 }, headers: { "if-match": '"2"' } });
    expect(expectSuccess(current, 201)).toMatchObject({ version: 3, content: "one" });
  });

  it("refuses a stale restoration with 409 and an unknown revision with 404, changing nothing", async () => {
    const book = await createBook(writer.token);
    const chapter = await uploadChapter(writer.token, book.id, "one", "T");
    await saveChapter(writer.token, book.id, chapter.id, 1, { title: "T", content: "two" });
    const before = await bookState(writer.token, book.id);
    expectFailure(await post(`${chapterPath(book.id, chapter.id)}/restorations`, writer.token, { revision: 1, version: 1 }), 409, "version_conflict");
    expectFailure(await post(`${chapterPath(book.id, chapter.id)}/restorations`, writer.token, { revision: 9 }), 404, "not_found");
    expect(await bookState(writer.token, book.id)).toEqual(before);
  });
});

describe("order and deletion", () => {
  it("reorders when every chapter is named once, and refuses anything else with 422", async () => {
    const book = await createBook(writer.token);
    const [a, b, c] = [
      await uploadChapter(writer.token, book.id, "a", "A"),
      await uploadChapter(writer.token, book.id, "b", "B"),
      await uploadChapter(writer.token, book.id, "c", "C"),
    ];
    const order = `/api/v1/books/${book.id}/chapter-order`;
    for (const chapterIds of [[a.id, b.id], [a.id, b.id, c.id, a.id], [a.id, b.id, b.id], [a.id, b.id, "nope"], []]) {
      const details = expectFailure(await put(order, writer.token, { chapterIds }), 422, "validation_failed");
      expect(details).toEqual([{ path: "chapterIds", message: expect.any(String) }]);
    }
    expect(await positions(book.id)).toEqual([[1, "A"], [2, "B"], [3, "C"]]);
    const reordered = expectSuccess(await put(order, writer.token, { chapterIds: [c.id, a.id, b.id] }), 201);
    expect(reordered.map((x: { title: string; position: number }) => [x.position, x.title])).toEqual([[1, "C"], [2, "A"], [3, "B"]]);
    expect(await positions(book.id)).toEqual([[1, "C"], [2, "A"], [3, "B"]]);
  });

  it("deleting a chapter moves the later ones up; the book's counts follow every change", async () => {
    const book = await createBook(writer.token);
    const a = await uploadChapter(writer.token, book.id, "one two three", "A");
    const b = await uploadChapter(writer.token, book.id, "four five", "B");
    await uploadChapter(writer.token, book.id, "six", "C");
    expect(await bookOf(book.id)).toMatchObject({ chapterCount: 3, wordCount: 6 });
    await saveChapter(writer.token, book.id, a.id, 1, { title: "A", content: "one" });
    expect((await bookOf(book.id)).wordCount).toBe(4);
    expectSuccess(await del(chapterPath(book.id, b.id), writer.token), 204);
    expect(await positions(book.id)).toEqual([[1, "A"], [2, "C"]]);
    expect(await bookOf(book.id)).toMatchObject({ chapterCount: 2, wordCount: 2 });
    expectFailure(await get(chapterPath(book.id, b.id), writer.token), 404, "chapter_in_trash");
    expectFailure(await get(`${chapterPath(book.id, b.id)}/revisions`, writer.token), 404, "chapter_in_trash");
    const d = await uploadChapter(writer.token, book.id, "seven", "D");
    expect(d.position).toBe(3);
  });
});

describe("word counts", () => {
  it.each([
    ["English, ignoring punctuation and Markdown", "## Chapter One\n\nHello, world! It's a *test*.", 7],
    ["Chinese, one per character (字数)", "我们今天去公园散步。", 9],
    ["Japanese kanji and kana, per character", "雪が降った。", 5],
    ["mixed English and Chinese", "He said 你好 to me", 6],
    ["Korean, by spaced words", "안녕하세요 세계", 2],
    ["blank text", "  \n\n — … ", 0],
  ])("counts %s", async (_label, content, words) => {
    const book = await createBook(writer.token);
    const chapter = await uploadChapter(writer.token, book.id, content, "Counted");
    expect(chapter.wordCount).toBe(words);
    expect((await bookOf(book.id)).wordCount).toBe(words);
  });
});
