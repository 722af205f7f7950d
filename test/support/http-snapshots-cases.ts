import { expect } from "vitest";
import { bookFixture, saveChapter } from "./http-books";
import { expectSuccess, get, post } from "./http-client";
import type { Prepare, PrepareCall } from "./case-types";
import type { Account } from "./http-users";

/** A book's snapshots, as its owner lists them. */
export async function snapshotsState(owner: Account, bookId: string) {
  const response = await get(`/api/v1/books/${bookId}/snapshots`, owner.token);
  return { status: response.status, body: response.body };
}

/** A snapshot the owner made. */
export async function makeSnapshot(owner: Account, bookId: string, name: string, note?: string) {
  return expectSuccess(await post(`/api/v1/books/${bookId}/snapshots`, owner.token, note === undefined ? { name } : { name, note }), 201) as {
    id: string;
    name: string;
    chapters: { chapterId: string; title: string; version: number }[];
  };
}

/**
 * The fixture book (two chapters, the first at version 2) frozen as "Draft 1", then its first
 * chapter saved once more: the snapshot and today differ by one chapter.
 */
async function snapshotsFixture(owner: Account) {
  const f = await bookFixture(owner);
  const draft = await makeSnapshot(owner, f.book.id, "Draft 1", "for the readers");
  const moved = await saveChapter(owner.token, f.book.id, f.chapter.id, 2, { title: "Opening", content: "# Opening\n\nIt was a bright cold day in April." });
  return {
    ...f,
    draft,
    moved,
    snapshot: async () => ({ book: await f.snapshot(), snapshots: await snapshotsState(owner, f.book.id) }),
  };
}

const names = async (owner: Account, bookId: string) => ((await snapshotsState(owner, bookId)).body.data as { name: string }[]).map((s) => s.name);

function expectComparison(data: unknown, f: Awaited<ReturnType<typeof snapshotsFixture>>) {
  expect(data).toMatchObject({
    from: { snapshotId: f.draft.id, name: "Draft 1" },
    to: { snapshotId: null, name: "Today" },
    totals: { added: 0, removed: 0, changed: 1, unchanged: 1 },
  });
  expect((data as { chapters: { chapterId: string; status: string }[] }).chapters.map((c) => [c.chapterId, c.status])).toEqual([
    [f.chapter.id, "changed"],
    [f.other.id, "unchanged"],
  ]);
}

/** The credential matrix's fixtures for the snapshots endpoints (issue 36 item 4). */
export const SNAPSHOTS_CASES: Record<string, Prepare> = {
  "GET /api/v1/books/{bookId}/snapshots": async (owner) => {
    const f = await snapshotsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/snapshots`,
      snapshot: f.snapshot,
      afterSuccess: async (data) =>
        expect(data).toEqual([expect.objectContaining({ id: f.draft.id, name: "Draft 1", note: "for the readers", chapterCount: 2, author: expect.objectContaining({ userId: owner.id }) })]),
    };
  },
  "POST /api/v1/books/{bookId}/snapshots": async (owner) => {
    const f = await snapshotsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/snapshots`,
      body: { name: " Draft 2 for beta " },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ name: "Draft 2 for beta", note: "", chapterCount: 2 });
        expect((data as { chapters: { chapterId: string; version: number }[] }).chapters).toEqual([
          expect.objectContaining({ chapterId: f.chapter.id, version: 3, position: 1 }),
          expect.objectContaining({ chapterId: f.other.id, version: 1, position: 2 }),
        ]);
        expect(await names(owner, f.book.id)).toContain("Draft 2 for beta");
      },
    };
  },
  "GET /api/v1/books/{bookId}/snapshots/{snapshotId}": async (owner) => {
    const f = await snapshotsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/snapshots/${f.draft.id}`,
      snapshot: f.snapshot,
      afterSuccess: async (data) =>
        expect(data).toMatchObject({ id: f.draft.id, chapters: [{ chapterId: f.chapter.id, title: "Opening", version: 2 }, { chapterId: f.other.id, title: "Second", version: 1 }] }),
    };
  },
  "DELETE /api/v1/books/{bookId}/snapshots/{snapshotId}": async (owner) => {
    const f = await snapshotsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/snapshots/${f.draft.id}`,
      snapshot: f.snapshot,
      afterSuccess: async () => {
        expect(await names(owner, f.book.id)).toEqual([]);
        expect((await get(`/api/v1/books/${f.book.id}/snapshots/${f.draft.id}`, owner.token)).status).toBe(404);
      },
    };
  },
  "GET /api/v1/books/{bookId}/snapshots/{snapshotId}/chapters/{chapterId}": async (owner) => {
    const f = await snapshotsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/snapshots/${f.draft.id}/chapters/${f.chapter.id}`,
      snapshot: f.snapshot,
      afterSuccess: async (data) =>
        expect(data).toMatchObject({ snapshotId: f.draft.id, chapterId: f.chapter.id, title: "Opening", version: 2, content: "# Opening\n\nIt was a bright cold day." }),
    };
  },
  "GET /api/v1/books/{bookId}/snapshots/{snapshotId}/comparison": async (owner) => {
    const f = await snapshotsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/snapshots/${f.draft.id}/comparison?with=today&chapter=${f.chapter.id}`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expectComparison(data, f);
        expect((data as { diff: unknown }).diff).toEqual({
          chapterId: f.chapter.id,
          approximate: false,
          parts: [
            // a short line mostly rewritten: struck out above the new one
            { kind: "same", text: "# Opening\n\n" },
            { kind: "removed", text: "It was a bright cold day." },
            { kind: "added", text: "It was a bright cold day in April." },
          ],
        });
      },
    };
  },
  "POST /api/v1/books/{bookId}/snapshots/{snapshotId}/chapters/{chapterId}/restorations": async (owner) => {
    const f = await snapshotsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/snapshots/${f.draft.id}/chapters/${f.chapter.id}/restorations`,
      body: {},
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ id: f.chapter.id, version: 4, content: "# Opening\n\nIt was a bright cold day." });
        const revisions = expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}/revisions?per_page=1`, owner.token), 200) as unknown[];
        expect(revisions[0]).toMatchObject({ version: 4, kind: "restore", snapshotId: f.draft.id, snapshotName: "Draft 1" });
      },
    };
  },
};

/** The tRPC matrix's fixtures for the snapshots procedures. */
export const SNAPSHOTS_TRPC_CASES: Record<string, PrepareCall> = {
  "snapshots.list": async (owner) => {
    const f = await snapshotsFixture(owner);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as { id: string }[]).map((s) => s.id)).toEqual([f.draft.id]),
    };
  },
  "snapshots.create": async (owner) => {
    const f = await snapshotsFixture(owner);
    return {
      input: { bookId: f.book.id, name: "Draft 2", note: "tRPC" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ name: "Draft 2", note: "tRPC", chapterCount: 2 });
        expect(await names(owner, f.book.id)).toEqual(["Draft 2", "Draft 1"]);
      },
    };
  },
  "snapshots.get": async (owner) => {
    const f = await snapshotsFixture(owner);
    return {
      input: { bookId: f.book.id, snapshotId: f.draft.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.draft.id, chapterCount: 2 }),
    };
  },
  "snapshots.chapter": async (owner) => {
    const f = await snapshotsFixture(owner);
    return {
      input: { bookId: f.book.id, snapshotId: f.draft.id, chapterId: f.other.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ chapterId: f.other.id, title: "Second", content: "The rain fell." }),
    };
  },
  "snapshots.compare": async (owner) => {
    const f = await snapshotsFixture(owner);
    return {
      input: { bookId: f.book.id, snapshotId: f.draft.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expectComparison(data, f);
        expect((data as { diff: unknown }).diff).toBeNull();
      },
    };
  },
  "snapshots.restore": async (owner) => {
    const f = await snapshotsFixture(owner);
    return {
      input: { bookId: f.book.id, snapshotId: f.draft.id, chapterId: f.chapter.id, version: 3 },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.chapter.id, version: 4, content: "# Opening\n\nIt was a bright cold day." }),
    };
  },
  "snapshots.delete": async (owner) => {
    const f = await snapshotsFixture(owner);
    return {
      input: { bookId: f.book.id, snapshotId: f.draft.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toEqual({ deleted: true });
        expect(await names(owner, f.book.id)).toEqual([]);
      },
    };
  },
};
