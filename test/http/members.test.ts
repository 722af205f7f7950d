// @module-tag postgres
// Issue 31 item 1: book members under one policy, as a caller meets them over HTTP. The role ×
// operation matrix (roles.test.ts) covers every operation; this covers what the members
// endpoints refuse, what a shared book looks like, and when a removal takes effect.
import { beforeAll, describe, expect, it } from "vitest";
import { bookWithChapters, uploadChapter } from "../support/http-books";
import { browserSignIn } from "../support/http-browser";
import { call, del, expectFailure, expectSuccess, get, patch, post, put, waitForJob } from "../support/http-client";
import { openThread } from "../support/http-comments-cases";
import { addMember, membersState } from "../support/http-members-cases";
import { expectTrpcError, trpcMutation, trpcQuery } from "../support/http-trpc";
import { mintToken, signUp, type Account } from "../support/http-users";

let owner: Account;
let other: Account;
let book: { id: string };

beforeAll(async () => {
  [owner, other] = await Promise.all([signUp("members-owner"), signUp("members-other")]);
  ({ book } = await bookWithChapters(owner.token));
});

describe("adding, changing and removing members", () => {
  it("refuses an unknown e-mail (422), someone twice or the owner (409), a role that does not exist or owner (422); nothing changes", async () => {
    const before = await membersState(owner, book.id);
    const unknown = expectFailure(await post(`/api/v1/books/${book.id}/members`, owner.token, { email: "nobody-here@example.test", role: "editor" }), 422, "validation_failed");
    expect(unknown).toEqual([{ path: "email", message: expect.stringMatching(/No account has this e-mail/), code: "custom", key: "noAccountWithEmail" }]);
    expectFailure(await post(`/api/v1/books/${book.id}/members`, owner.token, { email: owner.email, role: "editor" }), 409, "already_member");
    for (const role of ["owner", "admin", "Editor", ""]) {
      expectFailure(await post(`/api/v1/books/${book.id}/members`, owner.token, { email: other.email, role }), 422, "validation_failed");
    }
    expectFailure(await post(`/api/v1/books/${book.id}/members`, owner.token, { email: other.email }), 422, "validation_failed");
    expect(await membersState(owner, book.id)).toEqual(before);

    const e = await signUp("members-twice");
    await addMember(owner, book.id, "viewer", e);
    const twice = expectFailure(await post(`/api/v1/books/${book.id}/members`, owner.token, { email: e.email.toUpperCase(), role: "editor" }), 409, "already_member");
    expect(twice).toEqual({ change: { method: "PATCH", path: `/api/v1/books/${book.id}/members/${e.id}` } });
    const roles = (await membersState(owner, book.id)).body.data.map((m: { email: string; role: string }) => [m.email, m.role]);
    expect(roles).toEqual([
      [owner.email, "owner"],
      [e.email, "viewer"],
    ]);
  });

  it("keeps the owner's place: re-roling or removing the owner is 409 owner_not_member; an unknown member is 404", async () => {
    expectFailure(await patch(`/api/v1/books/${book.id}/members/${owner.id}`, owner.token, { role: "viewer" }), 409, "owner_not_member");
    expectFailure(await del(`/api/v1/books/${book.id}/members/${owner.id}`, owner.token), 409, "owner_not_member");
    expectFailure(await patch(`/api/v1/books/${book.id}/members/${other.id}`, owner.token, { role: "viewer" }), 404, "not_found");
    expectFailure(await del(`/api/v1/books/${book.id}/members/${other.id}`, owner.token), 404, "not_found");
    // "owner" hands the book over, to a member only (decision 0483); a role that does not exist is 422.
    expectFailure(await patch(`/api/v1/books/${book.id}/members/${other.id}`, owner.token, { role: "owner" }), 404, "not_found");
    expectFailure(await patch(`/api/v1/books/${book.id}/members/${other.id}`, owner.token, { role: "emperor" }), 422, "validation_failed");
  });

  it("lets only the owner manage members: a co-author who tries is 403 and nothing changes", async () => {
    const coAuthor = await addMember(owner, book.id, "co_author");
    const before = await membersState(owner, book.id);
    const refused = expectFailure(await post(`/api/v1/books/${book.id}/members`, coAuthor.token, { email: other.email, role: "editor" }), 403, "forbidden");
    expect(refused).toEqual({ role: "co_author", action: "manageMembers" });
    expectFailure(await del(`/api/v1/books/${book.id}/members/${coAuthor.id}`, coAuthor.token), 403, "forbidden");
    expect(await membersState(owner, book.id)).toEqual(before);
    // …and only the owner trashes, restores or deletes the book
    expectFailure(await patch(`/api/v1/books/${book.id}`, coAuthor.token, { deleted: true }), 403, "forbidden");
    expectFailure(await del(`/api/v1/books/${book.id}`, coAuthor.token), 403, "forbidden");
    expectFailure(await del(`/api/v1/books/${book.id}?permanent=true`, coAuthor.token), 403, "forbidden");
    expect(expectSuccess(await get(`/api/v1/books/${book.id}`, owner.token), 200)).toMatchObject({ deleted: false });
  });
});

describe("a shared book", () => {
  it("is in the member's book list, marked with their role; the owner's list marks it owner; the trash lists only what one owns", async () => {
    const f = await bookWithChapters(owner.token);
    const member = await addMember(owner, f.book.id, "editor");
    const listed = expectSuccess(await get("/api/v1/books", member.token), 200) as { id: string; role: string }[];
    expect(listed.find((b) => b.id === f.book.id)).toMatchObject({ role: "editor", ownerId: owner.id });
    const own = expectSuccess(await get("/api/v1/books?per_page=100", owner.token), 200) as { id: string; role: string }[];
    expect(own.find((b) => b.id === f.book.id)?.role).toBe("owner");
    expect(expectSuccess(await get(`/api/v1/books/${f.book.id}`, member.token), 200)).toMatchObject({ role: "editor" });
    const tRpc = await trpcQuery("books.list", undefined, member.token);
    expect(tRpc.body.result.data.items.map((b: { id: string; role: string }) => [b.id, b.role])).toContainEqual([f.book.id, "editor"]);
    await del(`/api/v1/books/${f.book.id}`, owner.token);
    expect(expectSuccess(await get("/api/v1/books?deleted=true", member.token), 200)).toEqual([]);
    expectFailure(await get(`/api/v1/books/${f.book.id}`, member.token), 404, "book_in_trash");
  });

  it("is written by a co-author, with the ledger crediting the co-author, and is read but never written by an editor or viewer", async () => {
    const f = await bookWithChapters(owner.token);
    const [coAuthor, editor] = [await addMember(owner, f.book.id, "co_author"), await addMember(owner, f.book.id, "editor")];
    const saved = expectSuccess(await put(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`, coAuthor.token, { title: "Opening", content: "Three new words here.", version: f.chapter.version }), 201);
    expect(saved.version).toBe(f.chapter.version + 1);
    const history = expectSuccess(await get(`/api/v1/stats/history?bookId=${f.book.id}`, coAuthor.token), 200);
    expect(history.totals.written).toBeGreaterThan(0);
    // each version names who wrote it
    const versions = expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}/revisions`, owner.token), 200) as { version: number; authorId: string; authorName: string }[];
    expect(versions.slice(0, 2).map(({ version, authorId, authorName }) => ({ version, authorId, authorName }))).toEqual([
      { version: saved.version, authorId: coAuthor.id, authorName: "co-author" },
      { version: f.chapter.version, authorId: owner.id, authorName: "members-owner" },
    ]);
    expect(expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}/revisions/${saved.version}`, owner.token), 200)).toMatchObject({ authorName: "co-author" });
    const before = expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`, editor.token), 200);
    expect(before.content).toBe("Three new words here.");
    expectFailure(await put(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`, editor.token, { title: "Opening", content: "An editor's rewrite.", version: saved.version }), 403, "forbidden");
    expectTrpcError(await trpcMutation("chapters.save", { bookId: f.book.id, chapterId: f.chapter.id, version: saved.version, content: "Nope." }, editor.token), 403, "forbidden");
    expect(expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`, owner.token), 200).content).toBe("Three new words here.");
  });

  it("shows a beta reader only the chapters released to readers, and nothing of the draft", async () => {
    const f = await bookWithChapters(owner.token);
    const reader = await addMember(owner, f.book.id, "beta_reader");
    expect(expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters`, reader.token), 200)).toEqual([]);
    expectFailure(await get(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`, reader.token), 403, "forbidden");
    expectSuccess(await patch(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}/release`, owner.token, { released: true }), 201);
    const chapters = expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters?include=content`, reader.token), 200) as { id: string; content: string }[];
    expect(chapters.map((c) => c.id)).toEqual([f.chapter.id]);
    expect(expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`, reader.token), 200).content).toMatch(/bright cold day/);
    expectFailure(await get(`/api/v1/books/${f.book.id}/chapters/${f.other.id}`, reader.token), 403, "forbidden");
    expectFailure(await get(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}/revisions`, reader.token), 403, "forbidden");
    expectFailure(await get(`/api/v1/books/${f.book.id}/chapters?deleted=true`, reader.token), 403, "forbidden");
    expectFailure(await get(`/api/v1/books/${f.book.id}/members`, reader.token), 403, "forbidden");
    expectFailure(await get(`/api/v1/books/${f.book.id}/bible/entries`, reader.token), 403, "forbidden");
    expectFailure(await get(`/api/v1/books/${f.book.id}/export?format=markdown`, reader.token), 403, "forbidden");
  });

  it("is found by the library search of a member who reads it in full, not of a beta reader or a stranger", async () => {
    const word = `quillwort${Date.now().toString(36)}`;
    const f = await bookWithChapters(owner.token);
    await uploadChapter(owner.token, f.book.id, `The ${word} grew by the well.`);
    const [viewer, reader] = [await addMember(owner, f.book.id, "viewer"), await addMember(owner, f.book.id, "beta_reader")];
    const found = (token: string) => get(`/api/v1/search?query=${word}`, token).then((r) => expectSuccess(r, 200) as { bookId: string }[]);
    expect((await found(viewer.token)).map((hit) => hit.bookId)).toEqual([f.book.id]);
    expect(await found(reader.token)).toEqual([]);
    expect(await found(other.token)).toEqual([]);
  });
});

describe("who did what (issue 36 item 6)", () => {
  it("counts each person's writing and comments, names who last wrote each chapter, keeps a removed member's part, and is no reader's business", async () => {
    const f = await bookWithChapters(owner.token);
    const [coAuthor, editor, reader] = [await addMember(owner, f.book.id, "co_author"), await addMember(owner, f.book.id, "editor"), await addMember(owner, f.book.id, "beta_reader")];
    expectSuccess(await put(`/api/v1/books/${f.book.id}/chapters/${f.other.id}`, coAuthor.token, { title: "Second", content: "The rain fell on the old tin roof all night.", version: 1 }), 201);
    await openThread(editor, f.book.id, f.chapter.id, { start: 12, end: 18, body: "Is this the right word?" });
    await openThread(editor, f.book.id, f.chapter.id, { start: 0, end: 9, body: "A better opening?" });
    const suggest = async (quote: string, replacement: string) =>
      expectSuccess(await post(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}/suggestions`, editor.token, { start: 20, end: 20 + quote.length, quote, replacement }), 201);
    await suggest("bright cold", "grey");
    expectSuccess(await patch(`/api/v1/books/${f.book.id}/suggestions/${(await suggest("bright", "clear")).id}`, owner.token, { state: "accepted" }), 201);

    const activity = expectSuccess(await get(`/api/v1/books/${f.book.id}/activity`, coAuthor.token), 200);
    const byId = new Map(activity.people.map((p: { userId: string }) => [p.userId, p]));
    expect(activity.people.map((p: { userId: string; role: string }) => [p.userId, p.role])).toEqual([
      [owner.id, "owner"],
      [coAuthor.id, "co_author"],
      [editor.id, "editor"],
      [reader.id, "beta_reader"],
    ]);
    expect(byId.get(coAuthor.id)).toMatchObject({ written: 7, removed: 0, comments: 0, lastWrote: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(byId.get(editor.id)).toMatchObject({ written: 0, comments: 2, suggested: 2, suggestionsAccepted: 1, lastWrote: null });
    expect(byId.get(owner.id)).toMatchObject({ imported: expect.any(Number), comments: 0 });
    expect(activity.chapters.map((c: { chapterId: string; authorId: string; authorName: string }) => [c.chapterId, c.authorId, c.authorName])).toEqual([
      [f.chapter.id, owner.id, "members-owner"],
      [f.other.id, coAuthor.id, "co-author"],
    ]);
    expect(activity.since).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // someone who left keeps what they did, with no role
    expectSuccess(await del(`/api/v1/books/${f.book.id}/members/${editor.id}`, owner.token), 204);
    const after = expectSuccess(await get(`/api/v1/books/${f.book.id}/activity?days=1`, owner.token), 200);
    expect(after.people.at(-1)).toMatchObject({ userId: editor.id, role: null, comments: 2 });

    expectFailure(await get(`/api/v1/books/${f.book.id}/activity`, reader.token), 403, "forbidden");
    expectFailure(await get(`/api/v1/books/${f.book.id}/activity`, other.token), 403, "forbidden");
    for (const days of ["0", "366", "1.5", "soon"]) expectFailure(await get(`/api/v1/books/${f.book.id}/activity?days=${days}`, owner.token), 400, "invalid_query");
    const overTrpc = await trpcQuery("members.activity", { bookId: f.book.id, days: 7 }, coAuthor.token);
    expect(overTrpc.body.result.data.chapters).toEqual(activity.chapters);
  });
});

describe("removing a member", () => {
  it("refuses their token, their browser session and their tRPC calls at the very next request", async () => {
    const f = await bookWithChapters(owner.token);
    const member = await addMember(owner, f.book.id, "co_author");
    const personal = await mintToken(member.token, ["read:books", "write:books"], "members test");
    const browser = await browserSignIn(member.email, member.password);
    const asBrowser = () => call("GET", `/api/v1/books/${f.book.id}`, { headers: { cookie: browser.header() } });
    expectSuccess(await asBrowser(), 200);
    expectSuccess(await get(`/api/v1/books/${f.book.id}`, personal.token), 200);
    expect((await trpcQuery("chapters.list", { bookId: f.book.id }, member.token)).status).toBe(200);

    expectSuccess(await del(`/api/v1/books/${f.book.id}/members/${member.id}`, owner.token), 204);
    expectFailure(await asBrowser(), 403, "forbidden");
    expectFailure(await get(`/api/v1/books/${f.book.id}`, personal.token), 403, "forbidden");
    expectFailure(await put(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`, member.token, { title: "x", content: "x", version: f.chapter.version }), 403, "forbidden");
    expectTrpcError(await trpcQuery("chapters.list", { bookId: f.book.id }, member.token), 403, "forbidden");
    expect((expectSuccess(await get("/api/v1/books", member.token), 200) as { id: string }[]).map((b) => b.id)).not.toContain(f.book.id);
  });

  it("refuses the jobs they made for the book too: an export's status and file", async () => {
    const f = await bookWithChapters(owner.token);
    const member = await addMember(owner, f.book.id, "co_author");
    const job = expectSuccess(await get(`/api/v1/books/${f.book.id}/export?format=txt&async=1`, member.token), 202) as { id: string };
    expect(await waitForJob(member.token, job.id)).toMatchObject({ status: "succeeded" });
    expect((await get(`/api/v1/jobs/${job.id}/file`, member.token)).status).toBe(200);

    expectSuccess(await del(`/api/v1/books/${f.book.id}/members/${member.id}`, owner.token), 204);
    expectFailure(await get(`/api/v1/jobs/${job.id}`, member.token), 403, "forbidden");
    expectFailure(await get(`/api/v1/jobs/${job.id}/file`, member.token), 403, "forbidden");
    expect((await call("HEAD", `/api/v1/jobs/${job.id}/file`, { token: member.token })).status).toBe(403);
    expectTrpcError(await trpcQuery("jobs.get", { jobId: job.id }, member.token), 403, "forbidden");
    // the owner's own jobs are untouched
    const mine = expectSuccess(await get(`/api/v1/books/${f.book.id}/export?format=txt&async=1`, owner.token), 202) as { id: string };
    expect(await waitForJob(owner.token, mine.id)).toMatchObject({ status: "succeeded" });
  });

  it("is the same over tRPC: the owner adds, re-roles and removes; a viewer's write is FORBIDDEN", async () => {
    const f = await bookWithChapters(owner.token);
    const member = await signUp("members-trpc");
    const added = await trpcMutation("members.add", { bookId: f.book.id, email: member.email, role: "viewer" }, owner.token);
    expect(added.body.result.data).toMatchObject({ userId: member.id, role: "viewer" });
    expectTrpcError(await trpcMutation("books.update", { bookId: f.book.id, changes: { title: "Viewer's title" } }, member.token), 403, "forbidden");
    expectTrpcError(await trpcMutation("members.update", { bookId: f.book.id, userId: owner.id, role: "viewer" }, owner.token), 409, "owner_not_member");
    expect((await trpcMutation("members.update", { bookId: f.book.id, userId: member.id, role: "co_author" }, owner.token)).status).toBe(200);
    expect((await trpcMutation("books.update", { bookId: f.book.id, changes: { title: "Co-written" } }, member.token)).status).toBe(200);
    expect((await trpcMutation("members.remove", { bookId: f.book.id, userId: member.id }, owner.token)).body.result.data).toEqual({ removed: true });
    expectTrpcError(await trpcQuery("books.get", { bookId: f.book.id }, member.token), 403, "forbidden");
  });
});
