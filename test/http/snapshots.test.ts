// @module-tag postgres
// Issue 36 item 4 (decision 0489): named snapshots as a caller meets them over HTTP. The
// credential and role matrices cover every endpoint and procedure; this covers what the snapshot
// endpoints refuse, each refusal changing nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { bookWithChapters, uploadChapter } from "../support/http-books";
import { del, expectFailure, expectSuccess, get, post, put } from "../support/http-client";
import { addMember } from "../support/http-members-cases";
import { partsFixture } from "../support/http-parts-cases";
import { makeSnapshot, snapshotsState } from "../support/http-snapshots-cases";
import { expectTrpcError, trpcMutation } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

let owner: Account;
let book: { id: string };
let chapter: { id: string };
let draft: { id: string };

beforeAll(async () => {
  owner = await signUp("snapshots-owner");
  ({ book, chapter } = await bookWithChapters(owner.token));
  draft = await makeSnapshot(owner, book.id, "Draft 1");
});

const base = () => `/api/v1/books/${book.id}/snapshots`;

describe("the snapshots' path", () => {
  it("is the API's list to a caller with a credential, and the page to a browser (the seed's /books alias)", async () => {
    expect(expectSuccess(await get(`/books/${book.id}/snapshots`, owner.token), 200)).toEqual([expect.objectContaining({ id: draft.id, name: "Draft 1" })]);
    const page = await get(`/books/${book.id}/snapshots`, null, { accept: "text/html" });
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
  });
});

describe("a snapshot of one part (卷)", () => {
  it("holds only the part's chapters, names the part, and is compared with that part as it stands; an unknown part is 422", async () => {
    const f = await partsFixture(owner);
    const snapshots = `/api/v1/books/${f.book.id}/snapshots`;
    const made = expectSuccess(await post(snapshots, owner.token, { name: "Volume one", partId: f.part.id }), 201);
    expect(made).toMatchObject({ chapterCount: 1, part: { id: f.part.id, title: "第一卷" } });
    expect(made.chapters.map((c: { chapterId: string }) => c.chapterId)).toEqual([f.other.id]);
    const whole = expectSuccess(await post(snapshots, owner.token, { name: "All of it" }), 201);
    expect(whole).toMatchObject({ chapterCount: 2, part: null });

    // Today, for a part's snapshot, is the part today: a chapter outside it is not "added".
    expectSuccess(await put(`/api/v1/books/${f.book.id}/chapters/${f.other.id}`, owner.token, { title: "Second", content: "The rain stopped.", version: f.other.version }), 201);
    const comparison = expectSuccess(await get(`${snapshots}/${made.id}/comparison?with=today`, owner.token), 200);
    expect(comparison.chapters.map((c: { chapterId: string; status: string }) => [c.chapterId, c.status])).toEqual([[f.other.id, "changed"]]);

    const before = await snapshotsState(owner, f.book.id);
    const elsewhere = await partsFixture(owner);
    expect(expectFailure(await post(snapshots, owner.token, { name: "Wrong part", partId: elsewhere.part.id }), 422, "validation_failed")).toEqual([
      { path: "partId", message: "this book has no part with this id" },
    ]);
    expect(await snapshotsState(owner, f.book.id)).toEqual(before);
  });
});

describe("snapshots refuse bad input and change nothing", () => {
  it("a name taken (letter case aside) is 409; an empty, multi-line or too long name, or an unknown attribute, 422", async () => {
    const before = await snapshotsState(owner, book.id);
    expect(expectFailure(await post(base(), owner.token, { name: " draft 1 " }), 409, "name_taken")).toEqual({ snapshotId: draft.id });
    expectTrpcError(await trpcMutation("snapshots.create", { bookId: book.id, name: "DRAFT 1" }, owner.token), 409, "name_taken");
    for (const name of ["", "   ", "two\nlines", "x".repeat(101)]) {
      expectFailure(await post(base(), owner.token, { name }), 422, "validation_failed");
    }
    expectFailure(await post(base(), owner.token, { note: "no name" }), 422, "validation_failed");
    expectFailure(await post(base(), owner.token, { name: "Fine", chapters: [] }), 422, "validation_failed");
    expectFailure(await post(base(), owner.token, { name: "Fine", note: "n".repeat(2001) }), 422, "validation_failed");
    expect(await snapshotsState(owner, book.id)).toEqual(before);
  });

  it("an unknown snapshot is 404 everywhere, a snapshot of another book too", async () => {
    const elsewhere = (await bookWithChapters(owner.token)).book;
    const theirs = await makeSnapshot(owner, elsewhere.id, "Elsewhere");
    for (const id of ["no-such-snapshot", theirs.id]) {
      expectFailure(await get(`${base()}/${id}`, owner.token), 404, "not_found");
      expectFailure(await get(`${base()}/${id}/chapters/${chapter.id}`, owner.token), 404, "not_found");
      expectFailure(await get(`${base()}/${id}/comparison`, owner.token), 404, "not_found");
      expectFailure(await get(`${base()}/${draft.id}/comparison?with=${id}`, owner.token), 404, "not_found");
      expectFailure(await post(`${base()}/${id}/chapters/${chapter.id}/restorations`, owner.token, {}), 404, "not_found");
      expectFailure(await del(`${base()}/${id}`, owner.token), 404, "not_found");
    }
    expect((await get(`${base()}/${theirs.id}`, owner.token)).status).toBe(404);
    expect((await get(`/api/v1/books/${elsewhere.id}/snapshots/${theirs.id}`, owner.token)).status).toBe(200);
  });

  it("a comparison's unknown query parameter is 400; a chapter neither side holds, 404", async () => {
    expectFailure(await get(`${base()}/${draft.id}/comparison?sortby=name`, owner.token), 400, "invalid_query");
    expectFailure(await get(`${base()}/${draft.id}/comparison?chapter=no-such-chapter`, owner.token), 404, "not_found");
  });

  it("restoring a chapter the snapshot does not hold is 404, a stale version 409, a chapter in the trash 404 chapter_in_trash", async () => {
    const later = await uploadChapter(owner.token, book.id, "Written after the draft.", "Later");
    expect(expectFailure(await post(`${base()}/${draft.id}/chapters/${later.id}/restorations`, owner.token, {}), 404, "not_found")).toBeUndefined();
    expectFailure(await post(`${base()}/${draft.id}/chapters/${chapter.id}/restorations`, owner.token, { version: 1 }), 409, "version_conflict");
    expectFailure(await post(`${base()}/${draft.id}/chapters/${chapter.id}/restorations`, owner.token, { version: "2" }), 422, "validation_failed");
    const trashed = await uploadChapter(owner.token, book.id, "Soon in the trash.", "Trashed");
    const withTrashed = await makeSnapshot(owner, book.id, "With the trashed one");
    expect((await del(`/api/v1/books/${book.id}/chapters/${trashed.id}`, owner.token)).status).toBe(204);
    const inTrash = expectFailure(await post(`${base()}/${withTrashed.id}/chapters/${trashed.id}/restorations`, owner.token, {}), 404, "chapter_in_trash");
    expect(inTrash).toMatchObject({ restore: { method: "POST", path: `/api/v1/books/${book.id}/chapters/${trashed.id}/untrash` } });
    // held by a snapshot, it is not deleted for good
    const held = expectFailure(await del(`/api/v1/books/${book.id}/chapters/${trashed.id}?permanent=true`, owner.token), 409, "chapter_in_snapshot");
    expect(held).toEqual({ snapshots: [{ id: withTrashed.id, name: "With the trashed one", path: `${base()}/${withTrashed.id}` }] });
    expect((await get(`/api/v1/books/${book.id}/chapters?deleted=true`, owner.token)).body.data.map((c: { id: string }) => c.id)).toContain(trashed.id);
  });

  it("only the owner makes and deletes one (403); a co-author restores, an editor compares but may not restore", async () => {
    const coAuthor = await addMember(owner, book.id, "co_author");
    const editor = await addMember(owner, book.id, "editor");
    const stranger = await signUp("snapshots-stranger");
    const before = await snapshotsState(owner, book.id);
    for (const who of [coAuthor, editor, stranger]) {
      expectFailure(await post(base(), who.token, { name: "Not mine" }), 403, "forbidden");
      expectFailure(await del(`${base()}/${draft.id}`, who.token), 403, "forbidden");
    }
    expect(await snapshotsState(owner, book.id)).toEqual(before);
    expectSuccess(await get(`${base()}/${draft.id}/comparison`, editor.token), 200);
    expectFailure(await post(`${base()}/${draft.id}/chapters/${chapter.id}/restorations`, editor.token, {}), 403, "forbidden");
    const restored = expectSuccess(await post(`${base()}/${draft.id}/chapters/${chapter.id}/restorations`, coAuthor.token, {}), 201);
    expect(restored).toMatchObject({ id: chapter.id, content: "# Opening\n\nIt was a bright cold day." });
  });
});
