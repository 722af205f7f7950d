import { expect } from "vitest";
import type { Prepare, PrepareCall } from "./case-types";
import { bookFixture, uploadChapter } from "./http-books";
import { expectSuccess, get, post } from "./http-client";
import type { Account } from "./http-users";

type Scene = { id: string; chapterId: string; position: number; title: string; wordCount: number };
const TEXT = "Dawn came.\n\n* * *\n\nDusk fell.\n";

/**
 * The fixture book with a third chapter, "Scenes", split into two scenes (Dawn, Dusk), and everything
 * a refused call must leave as it was: the book, its chapters with their text and revisions, and the scenes.
 */
export async function scenesFixture(owner: Account) {
  const f = await bookFixture(owner);
  const chapter = (await uploadChapter(owner.token, f.book.id, TEXT, "Scenes")) as { id: string; version: number };
  const scenes = expectSuccess(await post(`/api/v1/books/${f.book.id}/chapters/${chapter.id}/scenes/split`, owner.token), 201) as Scene[];
  const scenesNow = async () => (await get(`/api/v1/books/${f.book.id}/scenes`, owner.token)).body;
  return { ...f, scened: chapter, scenes, scenesNow, snapshot: async () => ({ book: await f.snapshot(), scenes: await scenesNow() }) };
}

const idsOf = (data: unknown) => (data as Scene[]).map((s) => s.id);

/** The credential matrix's fixtures for the scenes endpoints (issue 35 item 1, decision 0499). */
export const SCENES_CASES: Record<string, Prepare> = {
  "GET /api/v1/books/{bookId}/scenes": async (owner) => {
    const f = await scenesFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/scenes`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as Scene[]).map((s) => [s.id, s.position, s.wordCount])).toEqual(f.scenes.map((s, i) => [s.id, i + 1, 2])),
    };
  },
  "POST /api/v1/books/{bookId}/scenes/split": async (owner) => {
    const f = await scenesFixture(owner);
    // A chapter with breaks and no scenes is split; the split one keeps its scenes, the one without breaks stays unsplit.
    const later = (await uploadChapter(owner.token, f.book.id, "A.\n\n#\n\nB.\n", "Later")) as { id: string };
    return {
      path: `/api/v1/books/${f.book.id}/scenes/split`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect((data as Scene[]).map((s) => [s.chapterId, s.position])).toEqual([[f.scened.id, 1], [f.scened.id, 2], [later.id, 1], [later.id, 2]]);
        expect(idsOf(data).slice(0, 2)).toEqual(f.scenes.map((s) => s.id));
      },
    };
  },
  "GET /api/v1/books/{bookId}/chapters/{chapterId}/scenes": async (owner) => {
    const f = await scenesFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapters/${f.scened.id}/scenes`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(idsOf(data)).toEqual(f.scenes.map((s) => s.id)),
    };
  },
  "POST /api/v1/books/{bookId}/chapters/{chapterId}/scenes/split": async (owner) => {
    const f = await scenesFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapters/${f.other.id}/scenes/split`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toEqual([expect.objectContaining({ chapterId: f.other.id, position: 1, title: "" })]),
    };
  },
  "POST /api/v1/books/{bookId}/chapters/{chapterId}/scenes": async (owner) => {
    const f = await scenesFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapters/${f.scened.id}/scenes`,
      body: { version: 1, title: "Night", at: TEXT.length },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ title: "Night", position: 3, chapterId: f.scened.id });
        expect(idsOf((await f.scenesNow()).data).slice(0, 2)).toEqual(f.scenes.map((s) => s.id));
      },
    };
  },
  "PUT /api/v1/books/{bookId}/chapters/{chapterId}/scene-order": async (owner) => {
    const f = await scenesFixture(owner);
    const order = f.scenes.map((s) => s.id).reverse();
    return {
      path: `/api/v1/books/${f.book.id}/chapters/${f.scened.id}/scene-order`,
      body: { version: 1, sceneIds: order },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(idsOf(data)).toEqual(order);
        expect((await get(`/api/v1/books/${f.book.id}/chapters/${f.scened.id}`, owner.token)).body.data.content).toBe("Dusk fell.\n\n* * *\n\nDawn came.\n");
      },
    };
  },
  "GET /api/v1/books/{bookId}/scenes/{sceneId}": async (owner) => {
    const f = await scenesFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/scenes/${f.scenes[1]!.id}`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.scenes[1]!.id, position: 2, wordCount: 2 }),
    };
  },
  "PATCH /api/v1/books/{bookId}/scenes/{sceneId}": async (owner) => {
    const f = await scenesFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/scenes/${f.scenes[0]!.id}`,
      body: { title: "Dawn" },
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.scenes[0]!.id, title: "Dawn" }),
    };
  },
  "DELETE /api/v1/books/{bookId}/scenes/{sceneId}": async (owner) => {
    const f = await scenesFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/scenes/${f.scenes[0]!.id}?version=1`,
      snapshot: f.snapshot,
      afterSuccess: async () => {
        expect(idsOf((await f.scenesNow()).data)).toEqual([f.scenes[1]!.id]);
        expect((await get(`/api/v1/books/${f.book.id}/chapters/${f.scened.id}`, owner.token)).body.data.content).toBe("Dusk fell.\n");
      },
    };
  },
  "POST /api/v1/books/{bookId}/scenes/{sceneId}/move": async (owner) => {
    const f = await scenesFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/scenes/${f.scenes[1]!.id}/move`,
      body: { version: 1, toChapterId: f.other.id, toVersion: 1 },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ id: f.scenes[1]!.id, chapterId: f.other.id, position: 2 });
        expect((await get(`/api/v1/books/${f.book.id}/chapters/${f.other.id}`, owner.token)).body.data.content).toBe("The rain fell.\n\n* * *\n\nDusk fell.\n");
      },
    };
  },
};

/** The tRPC matrix's fixtures for the scenes procedures. */
export const SCENES_TRPC_CASES: Record<string, PrepareCall> = {
  "scenes.list": async (owner) => {
    const f = await scenesFixture(owner);
    return { input: { bookId: f.book.id }, stranger: "forbidden", snapshot: f.snapshot, afterSuccess: async (data) => expect(idsOf(data)).toEqual(f.scenes.map((s) => s.id)) };
  },
  "scenes.listOfChapter": async (owner) => {
    const f = await scenesFixture(owner);
    return { input: { bookId: f.book.id, chapterId: f.scened.id }, stranger: "forbidden", snapshot: f.snapshot, afterSuccess: async (data) => expect(idsOf(data)).toEqual(f.scenes.map((s) => s.id)) };
  },
  "scenes.get": async (owner) => {
    const f = await scenesFixture(owner);
    return { input: { bookId: f.book.id, sceneId: f.scenes[0]!.id }, stranger: "forbidden", snapshot: f.snapshot, afterSuccess: async (data) => expect(data).toMatchObject({ id: f.scenes[0]!.id }) };
  },
  "scenes.split": async (owner) => {
    const f = await scenesFixture(owner);
    return { input: { bookId: f.book.id, chapterId: f.other.id }, stranger: "forbidden", snapshot: f.snapshot, afterSuccess: async (data) => expect((data as Scene[]).length).toBe(1) };
  },
  "scenes.splitBook": async (owner) => {
    const f = await scenesFixture(owner);
    return { input: { bookId: f.book.id }, stranger: "forbidden", snapshot: f.snapshot, afterSuccess: async (data) => expect(idsOf(data)).toEqual(f.scenes.map((s) => s.id)) };
  },
  "scenes.create": async (owner) => {
    const f = await scenesFixture(owner);
    return { input: { bookId: f.book.id, chapterId: f.scened.id, version: 1 }, stranger: "forbidden", snapshot: f.snapshot, afterSuccess: async (data) => expect(data).toMatchObject({ position: 3, wordCount: 0 }) };
  },
  "scenes.update": async (owner) => {
    const f = await scenesFixture(owner);
    return { input: { bookId: f.book.id, sceneId: f.scenes[1]!.id, title: "Dusk" }, stranger: "forbidden", snapshot: f.snapshot, afterSuccess: async (data) => expect(data).toMatchObject({ title: "Dusk" }) };
  },
  "scenes.reorder": async (owner) => {
    const f = await scenesFixture(owner);
    const order = f.scenes.map((s) => s.id).reverse();
    return { input: { bookId: f.book.id, chapterId: f.scened.id, version: 1, sceneIds: order }, stranger: "forbidden", snapshot: f.snapshot, afterSuccess: async (data) => expect(idsOf(data)).toEqual(order) };
  },
  "scenes.move": async (owner) => {
    const f = await scenesFixture(owner);
    return {
      input: { bookId: f.book.id, sceneId: f.scenes[0]!.id, version: 1, toChapterId: f.other.id, toVersion: 1, position: 1 },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.scenes[0]!.id, chapterId: f.other.id, position: 1 }),
    };
  },
  "scenes.delete": async (owner) => {
    const f = await scenesFixture(owner);
    return {
      input: { bookId: f.book.id, sceneId: f.scenes[1]!.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toEqual({ deleted: true });
        expect(idsOf((await f.scenesNow()).data)).toEqual([f.scenes[0]!.id]);
      },
    };
  },
};
