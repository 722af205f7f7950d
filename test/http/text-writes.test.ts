// @module-tag clock
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, uploadChapter } from "../support/http-books";
import { call, del, expectFailure, expectSuccess, get, patch, post, put, url, type ApiResponse } from "../support/http-client";
import { manuscriptForm } from "../support/http-convert-cases";
import { signUp, type Account } from "../support/http-users";
import { madeUpProse } from "../../bench/seeded-random.mjs";

/**
 * Issue 30, items 4 and 7: large writes (a 4.8 MB save, a replace across 20 MB and its undo, a
 * 20 MB import, the chapter list with full text) held the thread that answers everyone for
 * seconds, the library search index being built inside the write; and a save or undo in flight
 * when its chapter went to the trash still wrote into it. The budget tells a stall of seconds (or a
 * reset connection) from a server that keeps answering; it is not a speed target. What is left on
 * the request thread is the write of the text itself and its fsync: a few hundred milliseconds on
 * a quiet disk, up to about 1.4 s on a machine busy with four builds.
 */
const PROBE_BUDGET_MS = 1_500;
/** Writing 20 MB over HTTP takes a while on a busy machine, whatever the server does meanwhile. */
const LONG_TEST_MS = 180_000;
const MB = 1_000_000;

let writer: Account;
let bystander: Account;
/** The long texts, made before any request: making them takes seconds of this process, and a
 * kept-alive connection left idle that long is closed by the server under the next request. */
let texts: { save: string; chapters: string[]; manuscript: string; race: string; undoRace: string };
beforeAll(async () => {
  const chapters = [0, 1, 2, 3].map((i) => `${madeUpProse(5 * MB, 20 + i)} Marrow.`);
  texts = {
    // A word that lies across the index's 16 Ki-character parts, and one at the very end.
    save: `${madeUpProse(16_380, 7)}Quillfeather${madeUpProse(4_800_000, 8)} Zyzzogeton`,
    chapters,
    manuscript: chapters.map((text, i) => `# Chapter ${i + 1}\n\n${text}\n`).join("\n"),
    race: madeUpProse(4 * MB, 60),
    undoRace: `${madeUpProse(4 * MB, 61)} Marrow.`,
  };
  [writer, bystander] = await Promise.all([signUp("text-writes"), signUp("text-writes-bystander")]);
}, 60_000);

/** Runs the attack while another writer sends one cheap GET after another; answers the attack's outcome and the slowest GET. */
async function whileProbing<T = ApiResponse>(attack: () => Promise<T>): Promise<{ response: T; slowestProbeMs: number }> {
  let done = false;
  const attacked = attack().finally(() => (done = true));
  let slowestProbeMs = 0;
  while (!done) {
    const started = performance.now();
    expectSuccess(await get("/api/v1/users/me", bystander.token), 200);
    slowestProbeMs = Math.max(slowestProbeMs, performance.now() - started);
  }
  return { response: await attacked, slowestProbeMs };
}

async function wordCounts(bookId: string): Promise<{ book: number; chapters: number }> {
  const book = expectSuccess(await get(`/api/v1/books/${bookId}`, writer.token), 200);
  const chapters = expectSuccess(await get(`/api/v1/books/${bookId}/chapters?per_page=100`, writer.token), 200) as { wordCount: number }[];
  return { book: book.wordCount, chapters: chapters.reduce((sum, c) => sum + c.wordCount, 0) };
}

describe("item 4: large text writes keep the server answering", { timeout: LONG_TEST_MS }, () => {
  it("saves a 4.8 MB chapter while another writer's requests answer at once, and the writer finds it in the library search", async () => {
    const book = await createBook(writer.token, { title: "Long save" });
    const chapter = await uploadChapter(writer.token, book.id, "A short start.", "Long");
    const { response, slowestProbeMs } = await whileProbing(() => put(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token, { title: "Long", content: texts.save, version: 1 }));
    expect(expectSuccess(response, 201).version).toBe(2);
    expect(slowestProbeMs, "the slowest GET of another writer during the save").toBeLessThan(PROBE_BUDGET_MS);
    for (const word of ["quillfeather", "zyzzogeton"]) {
      const found = expectSuccess(await get(`/api/v1/search?query=${word}`, writer.token), 200);
      expect(found.map((hit: { chapterId: string }) => hit.chapterId), word).toEqual([chapter.id]);
    }
  });

  it("replaces across 20 MB and undoes it while another writer's requests answer at once", async () => {
    const book = await createBook(writer.token, { title: "Long replace" });
    const chapters = [];
    for (const [i, text] of texts.chapters.entries()) chapters.push(await uploadChapter(writer.token, book.id, text, `Part ${i + 1}`));
    const before = await wordCounts(book.id);
    const choices = chapters.map((c) => ({ chapterId: c.id, version: c.version, skip: [] }));
    const replaced = await whileProbing(() => post(`/api/v1/books/${book.id}/replace`, writer.token, { query: "Marrow", replacement: "Bone", chapters: choices }));
    const changeSet = expectSuccess(replaced.response, 201);
    expect(changeSet.replaced).toBeGreaterThanOrEqual(4);
    expect(replaced.slowestProbeMs, "the slowest GET of another writer during the replace").toBeLessThan(PROBE_BUDGET_MS);

    const undone = await whileProbing(() => post(`/api/v1/books/${book.id}/change-sets/${changeSet.changeSetId}/undo`, writer.token));
    expectSuccess(undone.response, 201);
    expect(undone.slowestProbeMs, "the slowest GET of another writer during the undo").toBeLessThan(PROBE_BUDGET_MS);
    expect(await wordCounts(book.id)).toEqual(before);
  });

  it("imports a 20 MB manuscript, then lists it with its text, while another writer's requests answer at once", async () => {
    const imported = await whileProbing(() => call("POST", "/api/v1/books/import", { token: writer.token, body: manuscriptForm({}, texts.manuscript, "long.md") }));
    const result = expectSuccess(imported.response, 201);
    expect(result.chapterCount).toBe(4);
    expect(imported.slowestProbeMs, "the slowest GET of another writer during the import").toBeLessThan(PROBE_BUDGET_MS);

    // A page carries at most 4 MiB of text (decision 0519): here the first chapter's, 5 MB, and the
    // others marked. The answer is read as bytes while the probe runs and parsed after it: parsing
    // it here would hold this process, and the probe's clock with it.
    const listed = await whileProbing(async () => {
      const answer = await fetch(url(`/api/v1/books/${result.book.id}/chapters?include=content&per_page=100`), { headers: { authorization: `Bearer ${writer.token}` } });
      return { status: answer.status, bytes: await answer.arrayBuffer() };
    });
    expect(listed.response.status).toBe(200);
    const chapters = JSON.parse(new TextDecoder().decode(listed.response.bytes)).data as { content?: string; contentOmitted?: true; version: number }[];
    expect(chapters.map((c) => [(c.content?.length ?? 0) > 4 * MB, c.contentOmitted ?? false, c.version])).toEqual([
      [true, false, 1],
      [false, true, 1],
      [false, true, 1],
      [false, true, 1],
    ]);
    expect(listed.slowestProbeMs, "the slowest GET of another writer during the list").toBeLessThan(PROBE_BUDGET_MS);
  });
});

describe("item 7: races with the trash, and the replace's cap", { timeout: LONG_TEST_MS }, () => {
  // The save compares its version and writes after it has counted the words of the text it
  // replaces (4 MB here: hundreds of milliseconds in a worker); the trash lands meanwhile.
  it("a save in flight when its chapter goes to the trash writes nothing into it (404 chapter_in_trash)", async () => {
    const book = await createBook(writer.token, { title: "Save race" });
    await uploadChapter(writer.token, book.id, "Another chapter of five words.", "Other");
    const chapter = await uploadChapter(writer.token, book.id, texts.race, "Racing");
    const saving = patch(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token, { content: "Now a short chapter.", version: 1 });
    expect((await del(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token)).status).toBe(204);
    const saved = await saving;
    const trashed = expectSuccess(await get(`/api/v1/books/${book.id}/chapters?deleted=true`, writer.token), 200) as { id: string; version: number }[];
    if (saved.status === 201) {
      // The save came first: the trash holds what it wrote.
      expect(trashed).toEqual([expect.objectContaining({ id: chapter.id, version: 2 })]);
    } else {
      expectFailure(saved, 404, "chapter_in_trash");
      expect(trashed).toEqual([expect.objectContaining({ id: chapter.id, version: 1 })]);
    }
    expect(await wordCounts(book.id)).toEqual({ book: 5, chapters: 5 });
  });

  it("an undo in flight when a chapter it touches goes to the trash writes nothing (409 naming it)", async () => {
    const book = await createBook(writer.token, { title: "Undo race" });
    await uploadChapter(writer.token, book.id, "Another chapter of five words.", "Other");
    const chapter = await uploadChapter(writer.token, book.id, texts.undoRace, "Racing");
    const changeSet = expectSuccess(
      await post(`/api/v1/books/${book.id}/replace`, writer.token, { query: "Marrow", replacement: "Bone", chapters: [{ chapterId: chapter.id, version: 1, skip: [] }] }),
      201,
    );
    const undoing = post(`/api/v1/books/${book.id}/change-sets/${changeSet.changeSetId}/undo`, writer.token);
    // The undo checks its chapters first, in a few quick reads; the trash is to land after them,
    // while the undo counts the 4 MB it restores.
    expectSuccess(await get(`/api/v1/books/${book.id}/change-sets`, writer.token), 200);
    expect((await del(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token)).status).toBe(204);
    const undone = await undoing;
    const trashed = expectSuccess(await get(`/api/v1/books/${book.id}/chapters?deleted=true`, writer.token), 200) as { id: string; version: number }[];
    if (undone.status === 201) {
      expect(trashed).toEqual([expect.objectContaining({ id: chapter.id, version: 3 })]);
    } else {
      const details = expectFailure(undone, 409, "version_conflict") as { chapters: { chapterId: string; currentVersion: number | null }[] };
      expect(details.chapters).toEqual([expect.objectContaining({ chapterId: chapter.id, currentVersion: null })]);
      expect(trashed).toEqual([expect.objectContaining({ id: chapter.id, version: 2 })]);
    }
    expect(await wordCounts(book.id)).toEqual({ book: 5, chapters: 5 });
  });

  it("refuses to apply more than 5,000 hits, as the preview does (17,721 were replaced in one change set)", async () => {
    const book = await createBook(writer.token, { title: "Cap" });
    const chapter = await uploadChapter(writer.token, book.id, "Ash fell. ".repeat(5_001), "Ashes");
    const rename = { query: "Ash", replacement: "Soot" };
    const preview = await post(`/api/v1/books/${book.id}/replace`, writer.token, { ...rename, dryRun: true });
    const previewDetails = expectFailure(preview, 422, "too_many_hits");
    const applied = await post(`/api/v1/books/${book.id}/replace`, writer.token, { ...rename, chapters: [{ chapterId: chapter.id, version: 1, skip: [] }] });
    expect(expectFailure(applied, 422, "too_many_hits")).toEqual(previewDetails);
    expect(applied.body.msg).toBe(preview.body.msg);
    const stored = expectSuccess(await get(`/api/v1/books/${book.id}/chapters/${chapter.id}`, writer.token), 200);
    expect(stored.version).toBe(1);
  });
});
