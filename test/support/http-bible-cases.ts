import { expect } from "vitest";
import { bookFixture } from "./http-books";
import { call, expectSuccess, get, post, type ApiResponse } from "./http-client";
import type { Prepare } from "./case-types";
import type { PrepareCall } from "./case-types";
import type { Account } from "./http-users";

// Credential-matrix fixtures for the story bible (issue 21), REST and tRPC: a book with chapters,
// two entries, a relation between them, and a series holding the book.

/** A 1 × 1 PNG: pictures are decoded before they are kept (issue 30 item 8). */
export const PNG: Uint8Array<ArrayBuffer> = new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"));

export async function bibleFixture(owner: Account) {
  const f = await bookFixture(owner);
  const bookId = f.book.id;
  const lyra = expectSuccess(await post(`/api/v1/books/${bookId}/bible/entries`, owner.token, { name: "Lyra", aliases: ["Lyra Belacqua"] }), 201);
  const oxford = expectSuccess(await post(`/api/v1/books/${bookId}/bible/entries`, owner.token, { name: "Oxford", kind: "place" }), 201);
  const relation = expectSuccess(await post(`/api/v1/books/${bookId}/bible/relations`, owner.token, { fromId: lyra.id, toId: oxford.id, label: "lives in" }), 201);
  const series = expectSuccess(await post("/api/v1/series", owner.token, { title: `Series ${bookId.slice(0, 8)}`, bookIds: [bookId] }), 201);
  const state = async () => ({
    book: await f.snapshot(),
    entries: (await get(`/api/v1/books/${bookId}/bible/entries?per_page=100`, owner.token)).body,
    relations: (await get(`/api/v1/books/${bookId}/bible/relations`, owner.token)).body,
    series: (await get(`/api/v1/series/${series.id}`, owner.token)).body,
  });
  return { ...f, bookId, lyra, oxford, relation, series, snapshot: state };
}

const pictureForm = () => {
  const form = new FormData();
  form.set("file", new Blob([PNG], { type: "image/png" }), "lyra.png");
  return form;
};

/** REST: one fixture per endpoint, keyed "METHOD path". */
export const BIBLE_CASES: Record<string, Prepare> = {
  "GET /api/v1/books/{bookId}/bible/entries": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/entries`, snapshot: f.snapshot, async afterSuccess(data) {
      expect((data as { name: string }[]).map((e) => e.name)).toEqual(["Lyra", "Oxford"]);
    } };
  },
  "POST /api/v1/books/{bookId}/bible/entries": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/entries`, body: { name: "Pan" }, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toMatchObject({ name: "Pan", kind: "character", scope: "book" });
    } };
  },
  "GET /api/v1/books/{bookId}/bible/names": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/names`, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toContainEqual({ id: f.lyra.id, scope: "book", kind: "character", name: "Lyra", aliases: ["Lyra Belacqua"] });
    } };
  },
  "GET /api/v1/books/{bookId}/bible/entries/{entryId}": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/entries/${f.lyra.id}`, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toEqual(f.lyra);
    } };
  },
  "PATCH /api/v1/books/{bookId}/bible/entries/{entryId}": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/entries/${f.lyra.id}`, body: { description: "A liar." }, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toMatchObject({ id: f.lyra.id, description: "A liar." });
    } };
  },
  "DELETE /api/v1/books/{bookId}/bible/entries/{entryId}": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/entries/${f.oxford.id}`, snapshot: f.snapshot, async afterSuccess() {
      expect((await get(`/api/v1/books/${f.bookId}/bible/relations`, owner.token)).body.data).toEqual([]);
    } };
  },
  "GET /api/v1/books/{bookId}/bible/entries/{entryId}/picture": async (owner) => {
    const f = await bibleFixture(owner);
    expectSuccess(await call("PUT", `/api/v1/books/${f.bookId}/bible/entries/${f.lyra.id}/picture`, { token: owner.token, body: pictureForm() }), 201);
    return { path: `/api/v1/books/${f.bookId}/bible/entries/${f.lyra.id}/picture`, snapshot: f.snapshot, async afterSuccess(response) {
      expect((response as ApiResponse).headers.get("content-type")).toBe("image/png");
    } };
  },
  "PUT /api/v1/books/{bookId}/bible/entries/{entryId}/picture": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/entries/${f.lyra.id}/picture`, form: pictureForm, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toMatchObject({ id: f.lyra.id, picture: { mediaType: "image/png", size: PNG.byteLength } });
    } };
  },
  "DELETE /api/v1/books/{bookId}/bible/entries/{entryId}/picture": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/entries/${f.lyra.id}/picture`, snapshot: f.snapshot, async afterSuccess() {
      expect((await get(`/api/v1/books/${f.bookId}/bible/entries/${f.lyra.id}`, owner.token)).body.data.picture).toBeNull();
    } };
  },
  "GET /api/v1/books/{bookId}/bible/entries/{entryId}/mentions": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/entries/${f.lyra.id}/mentions`, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toMatchObject({ entryId: f.lyra.id, total: 0, chapters: [], first: null });
    } };
  },
  "GET /api/v1/books/{bookId}/chapters/{chapterId}/bible": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/chapters/${f.chapter.id}/bible`, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toMatchObject({ chapterId: f.chapter.id, entries: [] });
    } };
  },
  "GET /api/v1/books/{bookId}/bible/checks": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/checks?absence=5`, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toMatchObject({ findings: [], chaptersScanned: 2, absence: 5 });
    } };
  },
  "GET /api/v1/books/{bookId}/bible/proposals": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/proposals`, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toEqual({ items: expect.any(Array) });
    } };
  },
  "GET /api/v1/books/{bookId}/bible/export": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/export`, snapshot: f.snapshot, async afterSuccess(response) {
      expect((response as ApiResponse).headers.get("content-type")).toMatch(/^text\/markdown/);
    } };
  },
  "POST /api/v1/books/{bookId}/bible/import": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/import`, body: { entries: [{ name: "Roger" }] }, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toMatchObject({ created: [{ name: "Roger" }], skipped: [] });
    } };
  },
  "POST /api/v1/books/{bookId}/bible/cast": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/cast`, body: { name: "Roger" }, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toMatchObject({ name: "Roger", kind: "character" });
    } };
  },
  "GET /api/v1/books/{bookId}/bible/relations": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/relations`, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toEqual([f.relation]);
    } };
  },
  "POST /api/v1/books/{bookId}/bible/relations": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/relations`, body: { fromId: f.oxford.id, toId: f.lyra.id, label: "home of" }, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toMatchObject({ label: "home of", from: { name: "Oxford" }, to: { name: "Lyra" } });
    } };
  },
  "PATCH /api/v1/books/{bookId}/bible/relations/{relationId}": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/relations/${f.relation.id}`, body: { label: "grew up in" }, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toMatchObject({ id: f.relation.id, label: "grew up in" });
    } };
  },
  "DELETE /api/v1/books/{bookId}/bible/relations/{relationId}": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/books/${f.bookId}/bible/relations/${f.relation.id}`, snapshot: f.snapshot, async afterSuccess() {
      expect((await get(`/api/v1/books/${f.bookId}/bible/relations`, owner.token)).body.data).toEqual([]);
    } };
  },
  "GET /api/v1/series": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: "/api/v1/series?per_page=100", snapshot: f.snapshot, async afterSuccess(data) {
      expect((data as { id: string }[]).map((s) => s.id)).toContain(f.series.id);
    } };
  },
  "POST /api/v1/series": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: "/api/v1/series", body: { title: "Another" }, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toMatchObject({ title: "Another", books: [], entryCount: 0 });
    } };
  },
  "GET /api/v1/series/{seriesId}": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/series/${f.series.id}`, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toMatchObject({ id: f.series.id, books: [{ id: f.bookId, position: 1 }] });
    } };
  },
  "PATCH /api/v1/series/{seriesId}": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/series/${f.series.id}`, body: { title: "Renamed" }, snapshot: f.snapshot, async afterSuccess(data) {
      expect(data).toMatchObject({ id: f.series.id, title: "Renamed" });
    } };
  },
  "DELETE /api/v1/series/{seriesId}": async (owner) => {
    const f = await bibleFixture(owner);
    return { path: `/api/v1/series/${f.series.id}`, snapshot: f.snapshot, async afterSuccess() {
      expect((await get(`/api/v1/series/${f.series.id}`, owner.token)).status).toBe(404);
    } };
  },
};

/** tRPC: one fixture per procedure. */
const trpc = (stranger: "forbidden" | null, input: (f: Awaited<ReturnType<typeof bibleFixture>>) => unknown, check: (data: unknown, f: Awaited<ReturnType<typeof bibleFixture>>) => void): PrepareCall =>
  async (owner) => {
    const f = await bibleFixture(owner);
    return { input: input(f), stranger, snapshot: f.snapshot, async afterSuccess(data) {
      check(data, f);
    } };
  };

export const BIBLE_TRPC_CASES: Record<string, PrepareCall> = {
  "bible.entries": trpc("forbidden", (f) => ({ bookId: f.bookId }), (data) => expect((data as { total: number }).total).toBe(2)),
  "bible.names": trpc("forbidden", (f) => ({ bookId: f.bookId }), (data) => expect(data).toHaveLength(2)),
  "bible.getEntry": trpc("forbidden", (f) => ({ bookId: f.bookId, entryId: f.lyra.id }), (data, f) => expect(data).toEqual(f.lyra)),
  "bible.createEntry": trpc("forbidden", (f) => ({ bookId: f.bookId, name: "Pan" }), (data) => expect(data).toMatchObject({ name: "Pan" })),
  "bible.updateEntry": trpc("forbidden", (f) => ({ bookId: f.bookId, entryId: f.lyra.id, changes: { tags: ["child"] } }), (data) => expect(data).toMatchObject({ tags: ["child"] })),
  "bible.deleteEntry": trpc("forbidden", (f) => ({ bookId: f.bookId, entryId: f.oxford.id }), (data) => expect(data).toEqual({ deleted: true })),
  "bible.deletePicture": trpc("forbidden", (f) => ({ bookId: f.bookId, entryId: f.lyra.id }), (data) => expect(data).toMatchObject({ picture: null })),
  "bible.relations": trpc("forbidden", (f) => ({ bookId: f.bookId }), (data, f) => expect(data).toEqual([f.relation])),
  "bible.createRelation": trpc("forbidden", (f) => ({ bookId: f.bookId, fromId: f.oxford.id, toId: f.lyra.id, label: "home of" }), (data) => expect(data).toMatchObject({ label: "home of" })),
  "bible.updateRelation": trpc("forbidden", (f) => ({ bookId: f.bookId, relationId: f.relation.id, label: "left" }), (data) => expect(data).toMatchObject({ label: "left" })),
  "bible.deleteRelation": trpc("forbidden", (f) => ({ bookId: f.bookId, relationId: f.relation.id }), (data) => expect(data).toEqual({ deleted: true })),
  "bible.mentions": trpc("forbidden", (f) => ({ bookId: f.bookId, entryId: f.lyra.id }), (data) => expect(data).toMatchObject({ total: 0 })),
  "bible.chapterMentions": trpc("forbidden", (f) => ({ bookId: f.bookId, chapterId: f.chapter.id }), (data) => expect(data).toMatchObject({ entries: [] })),
  "bible.checks": trpc("forbidden", (f) => ({ bookId: f.bookId }), (data) => expect(data).toMatchObject({ findings: [], absence: 10 })),
  "bible.proposals": trpc("forbidden", (f) => ({ bookId: f.bookId }), (data) => expect(data).toEqual({ items: expect.any(Array) })),
  "bible.exportMarkdown": trpc("forbidden", (f) => ({ bookId: f.bookId }), (data) => expect((data as { markdown: string }).markdown).toContain("### Lyra")),
  "bible.importEntries": trpc("forbidden", (f) => ({ bookId: f.bookId, entries: [{ name: "Roger" }] }), (data) => expect(data).toMatchObject({ created: [{ name: "Roger" }] })),
  "bible.addCastMember": trpc("forbidden", (f) => ({ bookId: f.bookId, name: "Roger" }), (data) => expect(data).toMatchObject({ name: "Roger", kind: "character" })),
  "series.list": trpc(null, () => ({}), (data, f) => expect((data as { items: { id: string }[] }).items.map((s) => s.id)).toContain(f.series.id)),
  "series.get": trpc("forbidden", (f) => ({ seriesId: f.series.id }), (data, f) => expect(data).toMatchObject({ id: f.series.id })),
  "series.create": trpc(null, () => ({ title: "Another" }), (data) => expect(data).toMatchObject({ title: "Another" })),
  "series.update": trpc("forbidden", (f) => ({ seriesId: f.series.id, changes: { title: "Renamed" } }), (data) => expect(data).toMatchObject({ title: "Renamed" })),
  "series.delete": trpc("forbidden", (f) => ({ seriesId: f.series.id }), (data) => expect(data).toEqual({ deleted: true })),
};
