import { expect } from "vitest";
import { bookFixture } from "./http-books";
import { expectSuccess, get, put } from "./http-client";
import { makeSnapshot } from "./http-snapshots-cases";
import type { Prepare, PrepareCall } from "./case-types";
import type { Account } from "./http-users";

/** The owner's view of the readers, and so of every place and reaction kept. */
export async function readersState(owner: Account, bookId: string) {
  const response = await get(`/api/v1/books/${bookId}/readers`, owner.token);
  return { status: response.status, body: response.body };
}

/** The owner shares a snapshot with the book's readers. */
export async function shareSnapshot(owner: Account, bookId: string, snapshotId: string | null, showNames = false) {
  return expectSuccess(await put(`/api/v1/books/${bookId}/readers/sharing`, owner.token, { snapshotId, showNames }), 201);
}

/**
 * The fixture book (two chapters, the first at version 2) frozen as "Draft 1" and shared with its
 * readers; then the live draft moves on, so the snapshot and today differ.
 */
async function readersFixture(owner: Account) {
  const f = await bookFixture(owner);
  const draft = await makeSnapshot(owner, f.book.id, "Draft 1");
  await shareSnapshot(owner, f.book.id, draft.id);
  expectSuccess(await put(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`, owner.token, { version: 2, title: "Opening", content: "# Opening\n\nThe live draft, moved on." }), 201);
  return { ...f, draft, snapshot: async () => ({ book: await f.snapshot(), readers: await readersState(owner, f.book.id) }) };
}

const SNAPSHOT_TEXT = ["# Opening", "It was a bright cold day."];

/** The credential matrix's fixtures for the beta readers' endpoints (issue 36 item 5). */
export const READERS_CASES: Record<string, Prepare> = {
  "GET /api/v1/books/{bookId}/readers": async (owner) => {
    const f = await readersFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/readers`,
      snapshot: f.snapshot,
      afterSuccess: async (data) =>
        expect(data).toMatchObject({ sharing: { snapshot: { id: f.draft.id, name: "Draft 1" }, showNames: false }, snapshotId: f.draft.id, readers: [], chapters: [{ chapterId: f.chapter.id, started: 0 }, { chapterId: f.other.id }] }),
    };
  },
  "PUT /api/v1/books/{bookId}/readers/sharing": async (owner) => {
    const f = await readersFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/readers/sharing`,
      body: { snapshotId: null, showNames: true },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toEqual({ snapshot: null, showNames: true });
        expect((await readersState(owner, f.book.id)).body.data.sharing).toEqual({ snapshot: null, showNames: true });
      },
    };
  },
  "GET /api/v1/books/{bookId}/reading": async (owner) => {
    const f = await readersFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/reading`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ snapshot: { id: f.draft.id, name: "Draft 1" }, resume: null }),
    };
  },
  "GET /api/v1/books/{bookId}/reading/chapters/{chapterId}": async (owner) => {
    const f = await readersFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/reading/chapters/${f.chapter.id}`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ chapterId: f.chapter.id, paragraphs: SNAPSHOT_TEXT, nextChapterId: f.other.id }),
    };
  },
  "PUT /api/v1/books/{bookId}/reading/chapters/{chapterId}/place": async (owner) => {
    const f = await readersFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/reading/chapters/${f.chapter.id}/place`,
      body: { paragraph: 1, finished: true },
      snapshot: f.snapshot,
      afterSuccess: async (data, token) => {
        expect(data).toMatchObject({ paragraph: 1, finished: true });
        expect(expectSuccess(await get(`/api/v1/books/${f.book.id}/reading`, token), 200).resume).toEqual({ chapterId: f.chapter.id, paragraph: 1 });
      },
    };
  },
  "POST /api/v1/books/{bookId}/reading/chapters/{chapterId}/reactions": async (owner) => {
    const f = await readersFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/reading/chapters/${f.chapter.id}/reactions`,
      body: { paragraph: 1, reaction: "❤️" },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toEqual({ paragraph: 1, reaction: "❤️" });
        // read back with the owner's full login: the credential that reacted may hold write:books alone
        expect(expectSuccess(await get(`/api/v1/books/${f.book.id}/reading/chapters/${f.chapter.id}`, owner.token), 200).reactions).toEqual([{ paragraph: 1, reaction: "❤️" }]);
      },
    };
  },
  "POST /api/v1/books/{bookId}/reading/chapters/{chapterId}/comments": async (owner) => {
    const f = await readersFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/reading/chapters/${f.chapter.id}/comments`,
      body: { paragraph: 1, body: "I did not see that coming." },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ paragraph: 1, body: "I did not see that coming." });
        const chapter = expectSuccess(await get(`/api/v1/books/${f.book.id}/reading/chapters/${f.chapter.id}`, owner.token), 200);
        expect(chapter.comments).toEqual([expect.objectContaining({ paragraph: 1, body: "I did not see that coming." })]);
      },
    };
  },
};

export const READERS_TRPC_CASES: Record<string, PrepareCall> = {
  "readers.report": async (owner) => {
    const f = await readersFixture(owner);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ snapshotId: f.draft.id, readers: [] }),
    };
  },
  "readers.share": async (owner) => {
    const f = await readersFixture(owner);
    return {
      input: { bookId: f.book.id, snapshotId: f.draft.id, showNames: true },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ snapshot: { id: f.draft.id }, showNames: true }),
    };
  },
  "reading.get": async (owner) => {
    const f = await readersFixture(owner);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ snapshot: { id: f.draft.id } }),
    };
  },
  "reading.chapter": async (owner) => {
    const f = await readersFixture(owner);
    return {
      input: { bookId: f.book.id, chapterId: f.chapter.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ paragraphs: SNAPSHOT_TEXT }),
    };
  },
  "reading.place": async (owner) => {
    const f = await readersFixture(owner);
    return {
      input: { bookId: f.book.id, chapterId: f.other.id, paragraph: 0 },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ paragraph: 0, finished: false }),
    };
  },
  "reading.react": async (owner) => {
    const f = await readersFixture(owner);
    return {
      input: { bookId: f.book.id, chapterId: f.other.id, paragraph: 0, reaction: "😂" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toEqual({ paragraph: 0, reaction: "😂" }),
    };
  },
  "reading.comment": async (owner) => {
    const f = await readersFixture(owner);
    return {
      input: { bookId: f.book.id, chapterId: f.other.id, paragraph: 0, body: "Lovely." },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ paragraph: 0, body: "Lovely." }),
    };
  },
};
