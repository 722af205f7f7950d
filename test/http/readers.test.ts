// @module-tag postgres
// Issue 36 item 5 and its "Bad input and security" (decision 0497): a beta reader reads the snapshot
// the owner shares and nothing else — not the live draft, not an unreleased chapter, not another
// book, not the writer's notes, not who the other readers are — over REST and tRPC alike.
import { beforeAll, describe, expect, it } from "vitest";
import { bookWithChapters, uploadChapter } from "../support/http-books";
import { del, expectFailure, expectSuccess, get, patch, post, put } from "../support/http-client";
import { addMember } from "../support/http-members-cases";
import { readersState, shareSnapshot } from "../support/http-readers-cases";
import { makeSnapshot } from "../support/http-snapshots-cases";
import { expectTrpcError, trpcQuery } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

let owner: Account;

beforeAll(async () => {
  owner = await signUp("readers-owner");
});

/** The fixture book with a note in its first chapter and a third, unreleased, chapter; frozen, shared with two beta readers, and the draft moved on. */
async function sharedBook() {
  const f = await bookWithChapters(owner.token);
  expectSuccess(await put(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`, owner.token, { version: 2, title: "Opening", content: "# Opening\n\nIt was a bright cold day. <!-- too Orwell? -->\n\nThe clocks struck." }), 201);
  const third = await uploadChapter(owner.token, f.book.id, "Words nobody may read yet.", "Third");
  for (const id of [f.chapter.id, f.other.id]) expectSuccess(await patch(`/api/v1/books/${f.book.id}/chapters/${id}/release`, owner.token, { released: true }), 201);
  const draft = await makeSnapshot(owner, f.book.id, "Draft 2 for beta");
  expectSuccess(await put(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`, owner.token, { version: 3, title: "Opening", content: "# Opening\n\nThe live draft, moved on." }), 201);
  await shareSnapshot(owner, f.book.id, draft.id);
  const [ann, ben] = [await addMember(owner, f.book.id, "beta_reader"), await addMember(owner, f.book.id, "beta_reader")];
  return { ...f, third, draft, ann, ben };
}

describe("a beta reader", () => {
  it("reads the shared snapshot's released chapters in paragraphs, without the writer's notes", async () => {
    const f = await sharedBook();
    const reading = expectSuccess(await get(`/api/v1/books/${f.book.id}/reading`, f.ann.token), 200);
    expect(reading.chapters.map((c: { title: string }) => c.title)).toEqual(["Opening", "Second"]);
    const chapter = expectSuccess(await get(`/api/v1/books/${f.book.id}/reading/chapters/${f.chapter.id}`, f.ann.token), 200);
    expect(chapter.paragraphs).toEqual(["# Opening", "It was a bright cold day.", "The clocks struck."]);
    expect(JSON.stringify(chapter)).not.toContain("Orwell");
    expect(JSON.stringify(chapter)).not.toContain("live draft");
  });

  it("cannot read the live draft, an unreleased chapter, or another book", async () => {
    const f = await sharedBook();
    expectFailure(await get(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`, f.ann.token), 403, "forbidden");
    expect(expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters?include=content`, f.ann.token), 200)).toEqual([]);
    expectTrpcError(await trpcQuery("chapters.get", { bookId: f.book.id, chapterId: f.chapter.id }, f.ann.token), 403, "forbidden");
    expectFailure(await get(`/api/v1/books/${f.book.id}/snapshots/${f.draft.id}/chapters/${f.chapter.id}`, f.ann.token), 403, "forbidden");
    expectFailure(await get(`/api/v1/books/${f.book.id}/reading/chapters/${f.third.id}`, f.ann.token), 403, "forbidden");
    expectTrpcError(await trpcQuery("reading.chapter", { bookId: f.book.id, chapterId: f.third.id }, f.ann.token), 403, "forbidden");
    const other = await sharedBook();
    expectFailure(await get(`/api/v1/books/${other.book.id}/reading`, f.ann.token), 403, "forbidden");
    expectFailure(await get(`/api/v1/books/${other.book.id}/reading/chapters/${other.chapter.id}`, f.ann.token), 403, "forbidden");
    // a chapter of another book named under this one is not in this book's snapshot
    expectFailure(await get(`/api/v1/books/${f.book.id}/reading/chapters/${other.chapter.id}`, f.ann.token), 404, "not_found");
  });

  it("never learns who the other readers are, nor where they stopped or what they reacted to", async () => {
    const f = await sharedBook();
    expectSuccess(await post(`/api/v1/books/${f.book.id}/reading/chapters/${f.chapter.id}/reactions`, f.ben.token, { paragraph: 1, reaction: "😢" }), 201);
    expectSuccess(await put(`/api/v1/books/${f.book.id}/reading/chapters/${f.chapter.id}/place`, f.ben.token, { paragraph: 2 }), 201);
    expectSuccess(await post(`/api/v1/books/${f.book.id}/reading/chapters/${f.chapter.id}/comments`, f.ben.token, { paragraph: 1, body: "Ben's secret thought" }), 201);
    const seen = [
      await get(`/api/v1/books/${f.book.id}/reading`, f.ann.token),
      await get(`/api/v1/books/${f.book.id}/reading/chapters/${f.chapter.id}`, f.ann.token),
    ];
    for (const response of seen) {
      expect(response.status).toBe(200);
      expect(response.text).not.toContain(f.ben.email);
      expect(response.text).not.toContain(f.ben.id);
      expect(response.text).not.toContain("😢");
      expect(response.text).not.toContain("Ben's secret thought");
    }
    expect(seen[0]!.body.data.resume).toBeNull();
    expectFailure(await get(`/api/v1/books/${f.book.id}/readers`, f.ann.token), 403, "forbidden");
    expectFailure(await get(`/api/v1/books/${f.book.id}/members`, f.ann.token), 403, "forbidden");
  });

  it("gets a clear 422 for a paragraph the chapter does not have or a reaction not offered, and nothing changes", async () => {
    const f = await sharedBook();
    const before = await readersState(owner, f.book.id);
    const base = `/api/v1/books/${f.book.id}/reading/chapters/${f.chapter.id}`;
    expectFailure(await post(`${base}/reactions`, f.ann.token, { paragraph: 3, reaction: "👍" }), 422, "validation_failed");
    expectFailure(await post(`${base}/reactions`, f.ann.token, { paragraph: 0, reaction: "🍕" }), 422, "validation_failed");
    expectFailure(await post(`${base}/reactions`, f.ann.token, { paragraph: -1, reaction: "👍" }), 422, "validation_failed");
    expectFailure(await put(`${base}/place`, f.ann.token, { paragraph: 99 }), 422, "validation_failed");
    expectFailure(await put(`${base}/place`, f.ann.token, { paragraph: "1" }), 422, "validation_failed");
    expectFailure(await put(`${base}/place`, f.ann.token, { paragraph: 1, extra: true }), 422, "validation_failed");
    expectFailure(await post(`${base}/comments`, f.ann.token, { paragraph: 3, body: "Past the end" }), 422, "validation_failed");
    expectFailure(await post(`${base}/comments`, f.ann.token, { paragraph: 0, body: "   " }), 422, "validation_failed");
    expectFailure(await post(`${base}/comments`, f.ann.token, { paragraph: 0, body: "x".repeat(10_001) }), 422, "validation_failed");
    expect(await readersState(owner, f.book.id)).toEqual(before);
  });
});

describe("the owner", () => {
  it("sees per chapter where readers stopped and what they reacted to, as Reader 1, 2 … until names are shown", async () => {
    const f = await sharedBook();
    const base = `/api/v1/books/${f.book.id}/reading/chapters/${f.chapter.id}`;
    expectSuccess(await put(`${base}/place`, f.ann.token, { paragraph: 2, finished: true }), 201);
    expectSuccess(await post(`${base}/reactions`, f.ann.token, { paragraph: 1, reaction: "❓" }), 201);
    expectSuccess(await put(`${base}/place`, f.ben.token, { paragraph: 1 }), 201);
    expectSuccess(await post(`${base}/comments`, f.ben.token, { paragraph: 2, body: "The clocks <b>struck</b> thirteen?" }), 201);
    const report = expectSuccess(await get(`/api/v1/books/${f.book.id}/readers`, owner.token), 200);
    expect(report.readers).toEqual([{ label: "Reader 1" }, { label: "Reader 2" }]);
    expect(report.chapters[0]).toMatchObject({
      started: 2,
      finished: 1,
      stops: [
        { reader: "Reader 2", paragraph: 1, excerpt: "It was a bright cold day." },
        { reader: "Reader 1", paragraph: 2, excerpt: "The clocks struck.", finished: true },
      ],
      reactions: [{ paragraph: 1, counts: { "❓": 1 } }],
      // a comment is kept as the plain text the reader wrote (the page shows it as text, never markup)
      comments: [{ reader: "Reader 2", paragraph: 2, excerpt: "The clocks struck.", body: "The clocks <b>struck</b> thirteen?", createdAt: expect.any(String) }],
    });
    expect(JSON.stringify(report)).not.toContain(f.ann.email);
    await shareSnapshot(owner, f.book.id, f.draft.id, true);
    const named = expectSuccess(await get(`/api/v1/books/${f.book.id}/readers`, owner.token), 200);
    expect(named.readers.map((r: { label: string }) => r.label)).toEqual(["beta-reader", "beta-reader"]); // their accounts' names
    const inbox = expectSuccess(await get(`/api/v1/inbox?per_page=100`, owner.token), 200) as { kind: string; book: { id: string } }[];
    expect(inbox.filter((n) => n.book.id === f.book.id).map((n) => n.kind)).toEqual(["reader_finished"]);
  });

  it("removes a reader, whose next request is refused", async () => {
    const f = await sharedBook();
    expectSuccess(await get(`/api/v1/books/${f.book.id}/reading/chapters/${f.chapter.id}`, f.ann.token), 200);
    expect((await del(`/api/v1/books/${f.book.id}/members/${f.ann.id}`, owner.token)).status).toBe(204);
    expectFailure(await get(`/api/v1/books/${f.book.id}/reading/chapters/${f.chapter.id}`, f.ann.token), 403, "forbidden");
    expectFailure(await put(`/api/v1/books/${f.book.id}/reading/chapters/${f.chapter.id}/place`, f.ann.token, { paragraph: 0 }), 403, "forbidden");
  });
});
