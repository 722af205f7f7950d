// @module-tag postgres
// Issue 34 item 6: a writer downloads everything they own in one archive (decision 0484). A real
// account with books, revisions, a bible with a picture, a cover, goals, a series, a token, a
// webhook and another writer's book shared with it, archived as a job and unzipped here.
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { PNG } from "../support/http-bible-cases";
import { COVER_JPEG, coverForm, createBook, saveChapter, uploadChapter } from "../support/http-books";
import { call, del, expectFailure, expectSuccess, get, patch, post, waitForJob } from "../support/http-client";
import { expectTrpcError, trpcMutation } from "../support/http-trpc";
import { NOWHERE } from "../support/http-webhooks-cases";
import { mintToken, signUp, type Account } from "../support/http-users";

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const json = (bytes: Uint8Array | undefined) => JSON.parse(text(bytes));

function pictureForm(bytes: Uint8Array<ArrayBuffer>, type: string) {
  const form = new FormData();
  form.set("file", new Blob([bytes], { type }), "picture");
  return form;
}

/** Queues the archive, waits for the job, and downloads its zip. */
async function archiveOf(owner: Account) {
  const queued = await call("POST", "/api/v1/users/me/archive", { token: owner.token });
  const job = expectSuccess(queued, 202);
  expect(job).toMatchObject({ kind: "account.archive", links: { self: `/api/v1/jobs/${job.id}` } });
  expect(queued.headers.get("location")).toBe(`/api/v1/jobs/${job.id}`);
  expect(queued.headers.get("retry-after")).toBe("2");
  const done = await waitForJob(owner.token, job.id);
  expect(done.error).toBeNull();
  expect(done.status).toBe("succeeded");
  const file = await get(`/api/v1/jobs/${job.id}/file`, owner.token);
  expect(file.status).toBe(200);
  expect(file.headers.get("content-type")).toBe("application/zip");
  return { job: done, zip: file.bytes, files: unzipSync(file.bytes) };
}

describe("POST /api/v1/users/me/archive", () => {
  let ann: Account;
  let bob: Account;
  const fixture = {} as {
    book: { id: string };
    chapters: { id: string; title: string; content: string }[];
    savedTexts: string[];
    trashed: { id: string };
    entry: { id: string };
    seriesEntry: { id: string };
    series: { id: string };
    token: string;
    tokenName: string;
    webhookSecret: string;
    shared: { id: string };
  };

  beforeAll(async () => {
    ann = await signUp("archive-ann");
    bob = await signUp("archive-bob");
    const book = await createBook(ann.token, { title: "The Long Tide", description: "A harbour novel." });
    const first = await uploadChapter(ann.token, book.id, "# Harbour\n\nIt began at the harbour.", "Harbour");
    const v2 = await saveChapter(ann.token, book.id, first.id, 1, { title: "Harbour", content: "# Harbour\n\nIt began at the harbour, at dawn." });
    const v3 = await saveChapter(ann.token, book.id, first.id, 2, { title: "Harbour", content: "# Harbour\n\nIt began at the harbour, at dawn, in the rain." });
    // A title a file system could trip on: separators and a trailing dot.
    const second = await uploadChapter(ann.token, book.id, "The boats came in: 船来了。", "../Boats / Nets.");
    expectSuccess(await call("PUT", `/api/v1/books/${book.id}/cover`, { token: ann.token, body: coverForm() }), 201);
    expectSuccess(await patch(`/api/v1/books/${book.id}/goal`, ann.token, { targetWordCount: 90_000 }), 201);
    expectSuccess(await patch("/api/v1/goals", ann.token, { dailyGoal: 750 }), 201);
    const entry = expectSuccess(await post(`/api/v1/books/${book.id}/bible/entries`, ann.token, { name: "Maren", description: "The harbour master." }), 201);
    expectSuccess(await call("PUT", `/api/v1/books/${book.id}/bible/entries/${entry.id}/picture`, { token: ann.token, body: pictureForm(PNG, "image/png") }), 201);
    const series = expectSuccess(await post("/api/v1/series", ann.token, { title: "Tides", bookIds: [book.id] }), 201);
    const seriesEntry = expectSuccess(await post(`/api/v1/books/${book.id}/bible/entries`, ann.token, { name: "The Sound", kind: "place", scope: "series" }), 201);
    expectSuccess(await call("PUT", `/api/v1/books/${book.id}/bible/entries/${seriesEntry.id}/picture`, { token: ann.token, body: pictureForm(COVER_JPEG, "image/jpeg") }), 201);
    expectSuccess(await post(`/api/v1/books/${book.id}/bible/relations`, ann.token, { fromId: entry.id, toId: seriesEntry.id, label: "sails" }), 201);

    const trashed = await createBook(ann.token, { title: "Drafts in the bin" });
    await uploadChapter(ann.token, trashed.id, "A draft the writer threw away.", "Thrown away");
    expect((await del(`/api/v1/books/${trashed.id}`, ann.token)).status).toBe(204);

    const token = await mintToken(ann.token, ["read:books"], "archive script");
    const webhook = expectSuccess(await post("/api/v1/webhooks", ann.token, { url: NOWHERE, events: ["book.deleted"] }), 201);

    const shared = await createBook(bob.token, { title: "Bob's Own Novel" });
    await uploadChapter(bob.token, shared.id, "BOB-ONLY words that are Bob's alone.", "Bob's chapter");
    expectSuccess(await post(`/api/v1/books/${shared.id}/members`, bob.token, { email: ann.email, role: "editor" }), 201);

    Object.assign(fixture, {
      book,
      chapters: [
        { id: first.id, title: "Harbour", content: v3.content },
        { id: second.id, title: second.title, content: second.content },
      ],
      savedTexts: [first.content, v2.content, v3.content],
      trashed,
      entry,
      seriesEntry,
      series,
      token: token.token,
      tokenName: "archive script",
      webhookSecret: webhook.secret,
      shared,
    });
  });

  it("queues a job whose zip holds every book the account owns, as JSON, Markdown, EPUB and files", async () => {
    const { job, files } = await archiveOf(ann);
    const localPart = ann.email.split("@")[0];
    expect(job.file).toMatchObject({ mediaType: "application/zip", name: expect.stringMatching(new RegExp(`^inkstone-${localPart}-\\d{4}-\\d{2}-\\d{2}\\.zip$`)) });
    expect(job.result).toMatchObject({ books: 2, chapters: 3, memberships: 1 });

    expect(text(files["README.txt"])).toContain("account.json");
    const account = json(files["account.json"]);
    expect(account.profile).toMatchObject({ id: ann.id, email: ann.email, name: "archive-ann", role: "writer", goals: { timeZone: "UTC", dailyGoal: 750 } });
    expect(account.books.map((b: { id: string; deleted: boolean }) => [b.id, b.deleted])).toEqual([
      [fixture.book.id, false],
      [fixture.trashed.id, true],
    ]);
    expect(account.writingDays.length).toBeGreaterThan(0);
    expect(account.writingDays.every((day: { bookId: string }) => day.bookId !== fixture.shared.id)).toBe(true);
    expect(account.series).toEqual([expect.objectContaining({ id: fixture.series.id, title: "Tides", entries: [expect.objectContaining({ id: fixture.seriesEntry.id, pictureFile: expect.stringMatching(/^series\/01-Tides\/bible\//) })] })]);
    expect(account.memberships).toEqual([expect.objectContaining({ bookId: fixture.shared.id, title: "Bob's Own Novel", role: "editor" })]);
    expect(account.tokens).toContainEqual(expect.objectContaining({ name: fixture.tokenName, scopes: ["read:books"], createdAt: expect.any(String), lastUsedAt: null }));
    expect(account.webhooks).toEqual([expect.objectContaining({ url: NOWHERE, events: ["book.deleted"] })]);

    const folder = account.books[0].folder;
    expect(folder).toBe("books/01-The Long Tide");
    const book = json(files[`${folder}/book.json`]);
    expect(book).toMatchObject({ id: fixture.book.id, title: "The Long Tide", deleted: false, goal: { targetWordCount: 90_000 }, series: { id: fixture.series.id } });
    expect(book.members).toEqual([expect.objectContaining({ userId: ann.id, role: "owner" })]);
    expect(book.releasePlan).toMatchObject({ bookId: fixture.book.id });
    // Every chapter's Markdown is its text as stored, in the book's order, under a safe name.
    expect(book.chapters.map((c: { id: string }) => c.id)).toEqual(fixture.chapters.map((c) => c.id));
    for (const [index, chapter] of fixture.chapters.entries()) {
      const file = book.chapters[index].file;
      expect(file.startsWith(`${folder}/chapters/0${index + 1}-`)).toBe(true);
      expect(file.slice(folder.length + 1).split("/")).toHaveLength(2);
      expect(text(files[file])).toBe(chapter.content);
    }
    expect(book.chapters[1].file).toBe(`${folder}/chapters/02-.. Boats Nets.md`);

    // Every revision, with its text.
    const revisions = json(files[`${folder}/revisions.json`]);
    const harbour = revisions.find((r: { chapterId: string }) => r.chapterId === fixture.chapters[0]!.id);
    expect(harbour.revisions.map((r: { version: number; content: string }) => [r.version, r.content])).toEqual(fixture.savedTexts.map((content, i) => [i + 1, content]));
    expect(harbour.revisions[0]).toMatchObject({ createdAt: expect.any(String), wordCount: expect.any(Number) });

    // The EPUB is the export's: a zip whose first entry is its mimetype.
    const epub = files[book.files.epub];
    expect(book.files.epub).toBe(`${folder}/The Long Tide.epub`);
    const inside = unzipSync(epub!);
    expect(Object.keys(inside)[0]).toBe("mimetype");
    expect(text(inside.mimetype)).toBe("application/epub+zip");
    expect(Object.values(inside).some((bytes) => Buffer.from(bytes).equals(Buffer.from(COVER_JPEG)))).toBe(true);

    // The cover and the pictures are the bytes uploaded.
    expect(book.files.cover).toBe(`${folder}/cover.jpg`);
    expect(Buffer.from(files[`${folder}/cover.jpg`]!).equals(Buffer.from(COVER_JPEG))).toBe(true);
    const bible = json(files[`${folder}/bible.json`]);
    const maren = bible.entries.find((e: { id: string }) => e.id === fixture.entry.id);
    expect(maren).toMatchObject({ name: "Maren", description: "The harbour master.", scope: "book", pictureFile: `${folder}/bible/01-Maren.png` });
    expect(Buffer.from(files[maren.pictureFile]!).equals(Buffer.from(PNG))).toBe(true);
    const sound = bible.entries.find((e: { id: string }) => e.id === fixture.seriesEntry.id);
    expect(sound).toMatchObject({ scope: "series", pictureFile: "series/01-Tides/bible/01-The Sound.jpg" });
    expect(Buffer.from(files[sound.pictureFile]!).equals(Buffer.from(COVER_JPEG))).toBe(true);
    expect(bible.relations).toEqual([expect.objectContaining({ fromId: fixture.entry.id, toId: fixture.seriesEntry.id, label: "sails" })]);

    // The book in the trash is there, marked; its chapter too.
    const binned = json(files[`${account.books[1].folder}/book.json`]);
    expect(binned).toMatchObject({ id: fixture.trashed.id, deleted: true });
    expect(text(files[binned.chapters[0].file])).toBe("A draft the writer threw away.");
  });

  it("holds no secret: no token, refresh token, webhook secret or password hash, and nothing of a book only shared with the account", async () => {
    const { files } = await archiveOf(ann);
    const everything = Object.entries(files).flatMap(([name, bytes]) => (name.endsWith(".epub") ? Object.values(unzipSync(bytes)) : [bytes])).map(text).join("\n");
    for (const secret of [fixture.token, ann.token, ann.refreshToken, fixture.webhookSecret, "$argon2", "passwordHash", "refreshHash", "jti"]) expect(everything).not.toContain(secret);
    expect(everything).not.toContain("BOB-ONLY");
    expect(Object.keys(files).filter((name) => name.startsWith("books/"))).not.toContainEqual(expect.stringContaining("Bob"));
  });

  it("is the owner's alone: another writer reads neither the job nor its file", async () => {
    const { job } = await archiveOf(ann);
    expectFailure(await get(`/api/v1/jobs/${job.id}`, bob.token), 403, "forbidden");
    expectFailure(await get(`/api/v1/jobs/${job.id}/file`, bob.token), 403, "forbidden");
    expectFailure(await call("DELETE", `/api/v1/jobs/${job.id}`, { token: bob.token }), 403, "forbidden");
  });

  it("takes read:books: a token without it is refused (403) and queues nothing; over tRPC users.archive alike", async () => {
    const jobs = async () => (await get("/api/v1/jobs?per_page=1", ann.token)).headers.get("x-total-count");
    const before = await jobs();
    const narrow = await mintToken(ann.token, ["write:books"], "no reading");
    expect(expectFailure(await call("POST", "/api/v1/users/me/archive", { token: narrow.token }), 403, "insufficient_scope")).toEqual({ required: "read:books" });
    expectTrpcError(await trpcMutation("users.archive", {}, narrow.token), 403, "insufficient_scope");
    expect(await jobs()).toBe(before);
    expectFailure(await call("POST", "/api/v1/users/me/archive", {}), 401, "unauthenticated");

    const reader = await mintToken(ann.token, ["read:books"], "reader");
    const rpc = await trpcMutation("users.archive", {}, reader.token);
    expect(rpc.status).toBe(200);
    const job = rpc.body.result.data;
    expect(job).toMatchObject({ kind: "account.archive", status: expect.stringMatching(/^(queued|running|succeeded)$/) });
    expect((await waitForJob(ann.token, job.id)).status).toBe("succeeded");
  });
});
