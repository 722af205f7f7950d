import { expect } from "vitest";
import type { Prepare, PrepareCall } from "./case-types";
import { bookFixture } from "./http-books";
import { expectSuccess, get, post, put } from "./http-client";
import type { Account } from "./http-users";

type Contents = { orderVersion: number; entries: ({ type: "chapter"; chapter: { id: string; title: string } } | { type: "part"; part: { id: string; title: string }; chapters: { id: string; title: string }[] })[] };

/** The book's contents as its owner reads them. */
export async function contentsOf(owner: Account, bookId: string): Promise<Contents> {
  return expectSuccess(await get(`/api/v1/books/${bookId}/contents`, owner.token), 200);
}

/** Titles of the contents: a part as [title, [its chapters]], a chapter as its title. */
export function contentsShape(contents: Contents): unknown[] {
  return contents.entries.map((entry) => (entry.type === "part" ? [entry.part.title, entry.chapters.map((c) => c.title)] : entry.chapter.title));
}

/**
 * The fixture book (Opening, Second) with a part "第一卷" holding Second, and everything a refused
 * call must leave as it was: the book, its chapters, and its contents with their order version.
 */
export async function partsFixture(owner: Account) {
  const f = await bookFixture(owner);
  const part = expectSuccess(await post(`/api/v1/books/${f.book.id}/parts`, owner.token, { title: "第一卷" }), 201) as { id: string; title: string };
  const before = await contentsOf(owner, f.book.id);
  expectSuccess(
    await put(`/api/v1/books/${f.book.id}/contents`, owner.token, {
      orderVersion: before.orderVersion,
      entries: [{ chapterId: f.chapter.id }, { partId: part.id, chapterIds: [f.other.id] }],
    }),
    201,
  );
  const contents = await contentsOf(owner, f.book.id);
  return {
    ...f,
    part,
    orderVersion: contents.orderVersion,
    snapshot: async () => ({ book: await f.snapshot(), contents: (await get(`/api/v1/books/${f.book.id}/contents`, owner.token)).body }),
  };
}

/** The credential matrix's fixtures for the parts endpoints (issue 35 item 1). */
export const PARTS_CASES: Record<string, Prepare> = {
  "GET /api/v1/books/{bookId}/parts": async (owner) => {
    const f = await partsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/parts`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toEqual([expect.objectContaining({ id: f.part.id, title: "第一卷", position: 1, chapterCount: 1 })]),
    };
  },
  "POST /api/v1/books/{bookId}/parts": async (owner) => {
    const f = await partsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/parts`,
      body: { title: "第二卷" },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ title: "第二卷", position: 2, chapterCount: 0 });
        expect(contentsShape(await contentsOf(owner, f.book.id))).toEqual(["Opening", ["第一卷", ["Second"]], ["第二卷", []]]);
      },
    };
  },
  "GET /api/v1/books/{bookId}/parts/{partId}": async (owner) => {
    const f = await partsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/parts/${f.part.id}`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.part.id, title: "第一卷", chapterCount: 1 }),
    };
  },
  "PATCH /api/v1/books/{bookId}/parts/{partId}": async (owner) => {
    const f = await partsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/parts/${f.part.id}`,
      body: { title: "卷一 风起" },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ id: f.part.id, title: "卷一 风起" });
        expect(contentsShape(await contentsOf(owner, f.book.id))).toEqual(["Opening", ["卷一 风起", ["Second"]]]);
      },
    };
  },
  "DELETE /api/v1/books/{bookId}/parts/{partId}": async (owner) => {
    const f = await partsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/parts/${f.part.id}`,
      snapshot: f.snapshot,
      afterSuccess: async () => expect(contentsShape(await contentsOf(owner, f.book.id))).toEqual(["Opening", "Second"]),
    };
  },
  "GET /api/v1/books/{bookId}/contents": async (owner) => {
    const f = await partsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/contents`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ orderVersion: f.orderVersion });
        expect(contentsShape(data as Contents)).toEqual(["Opening", ["第一卷", ["Second"]]]);
      },
    };
  },
  "PUT /api/v1/books/{bookId}/contents": async (owner) => {
    const f = await partsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/contents`,
      body: { orderVersion: f.orderVersion, entries: [{ partId: f.part.id, chapterIds: [f.other.id, f.chapter.id] }] },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(contentsShape(data as Contents)).toEqual([["第一卷", ["Second", "Opening"]]]);
        expect((data as Contents).orderVersion).toBe(f.orderVersion + 1);
      },
    };
  },
};

/** The tRPC matrix's fixtures for the parts procedures. */
export const PARTS_TRPC_CASES: Record<string, PrepareCall> = {
  "parts.list": async (owner) => {
    const f = await partsFixture(owner);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as { title: string }[]).map((p) => p.title)).toEqual(["第一卷"]),
    };
  },
  "parts.get": async (owner) => {
    const f = await partsFixture(owner);
    return {
      input: { bookId: f.book.id, partId: f.part.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.part.id, chapterCount: 1 }),
    };
  },
  "parts.create": async (owner) => {
    const f = await partsFixture(owner);
    return {
      input: { bookId: f.book.id, title: "Part Two" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ title: "Part Two", position: 2 });
        expect(contentsShape(await contentsOf(owner, f.book.id))).toEqual(["Opening", ["第一卷", ["Second"]], ["Part Two", []]]);
      },
    };
  },
  "parts.update": async (owner) => {
    const f = await partsFixture(owner);
    return {
      input: { bookId: f.book.id, partId: f.part.id, title: "Book I" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async () => expect(contentsShape(await contentsOf(owner, f.book.id))).toEqual(["Opening", ["Book I", ["Second"]]]),
    };
  },
  "parts.delete": async (owner) => {
    const f = await partsFixture(owner);
    return {
      input: { bookId: f.book.id, partId: f.part.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toEqual({ deleted: true });
        expect(contentsShape(await contentsOf(owner, f.book.id))).toEqual(["Opening", "Second"]);
      },
    };
  },
  "parts.contents": async (owner) => {
    const f = await partsFixture(owner);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(contentsShape(data as Contents)).toEqual(["Opening", ["第一卷", ["Second"]]]),
    };
  },
  "parts.reorder": async (owner) => {
    const f = await partsFixture(owner);
    return {
      input: { bookId: f.book.id, orderVersion: f.orderVersion, entries: [{ partId: f.part.id, chapterIds: [f.other.id] }, { chapterId: f.chapter.id }] },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async () => expect(contentsShape(await contentsOf(owner, f.book.id))).toEqual([["第一卷", ["Second"]], "Opening"]),
    };
  },
};
