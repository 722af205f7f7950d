import { expect } from "vitest";
import type { Prepare, PrepareCall } from "./case-types";
import { expectSuccess, get, patch, post } from "./http-client";
import { partsFixture } from "./http-parts-cases";
import type { Account } from "./http-users";

type Item = { kind: string; id: string; title: string; matches: boolean; plan: Record<string, unknown> };
export type Outline = { items: Item[]; plotlines: { id: string; name: string }[]; labels: { id: string; name: string }[]; characters: { id: string; name: string }[] };

/** The book's outline as its owner reads it. */
export async function outlineOf(owner: Account, bookId: string, query = ""): Promise<Outline> {
  return expectSuccess(await get(`/api/v1/books/${bookId}/plan${query}`, owner.token), 200);
}

/** Each item of an outline as "kind title", in reading order. */
export function outlineShape(outline: Outline): string[] {
  return outline.items.map((item) => `${item.kind} ${item.title}`);
}

/**
 * The parts fixture (Opening; 第一卷 holding Second) with a bible (Lyra, a character; Oxford, a
 * place), a plotline 主线, a label flashback, and Second planned: a synopsis, Lyra's POV, the label
 * and the plotline. Its snapshot is everything a refused call must leave as it was.
 */
export async function planFixture(owner: Account) {
  const f = await partsFixture(owner);
  const bookId = f.book.id;
  const lyra = expectSuccess(await post(`/api/v1/books/${bookId}/bible/entries`, owner.token, { name: "Lyra", kind: "character" }), 201) as { id: string };
  const oxford = expectSuccess(await post(`/api/v1/books/${bookId}/bible/entries`, owner.token, { name: "Oxford", kind: "place" }), 201) as { id: string };
  const plotline = expectSuccess(await post(`/api/v1/books/${bookId}/plotlines`, owner.token, { name: "主线" }), 201) as { id: string; name: string };
  const label = expectSuccess(await post(`/api/v1/books/${bookId}/labels`, owner.token, { name: "flashback", colour: "#336699" }), 201) as { id: string; name: string };
  expectSuccess(
    await patch(`/api/v1/books/${bookId}/plan/chapters/${f.other.id}`, owner.token, {
      synopsis: "The rain falls on Jordan College.",
      status: "draft",
      povId: lyra.id,
      labelIds: [label.id],
      plotlineIds: [plotline.id],
    }),
    201,
  );
  const snapshot = async () => ({
    parts: await f.snapshot(),
    outline: (await get(`/api/v1/books/${bookId}/plan`, owner.token)).body,
    plotlines: (await get(`/api/v1/books/${bookId}/plotlines`, owner.token)).body,
    labels: (await get(`/api/v1/books/${bookId}/labels`, owner.token)).body,
  });
  return { ...f, bookId, lyra, oxford, plotline, label, snapshot };
}

/** The credential matrix's fixtures for the plan endpoints (issue 35 item 2). */
export const PLAN_CASES: Record<string, Prepare> = {
  "GET /api/v1/books/{bookId}/plan": async (owner) => {
    const f = await planFixture(owner);
    return {
      path: `/api/v1/books/${f.bookId}/plan?label=${f.label.id}`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        const outline = data as Outline;
        expect(outlineShape(outline)).toEqual(["part 第一卷", "chapter Second"]);
        expect(outline.items.map((item) => item.matches)).toEqual([false, true]);
        expect(outline.items[1]!.plan).toMatchObject({ synopsis: "The rain falls on Jordan College.", status: "draft", povId: f.lyra.id });
      },
    };
  },
  "PATCH /api/v1/books/{bookId}/plan/{kind}/{itemId}": async (owner) => {
    const f = await planFixture(owner);
    return {
      path: `/api/v1/books/${f.bookId}/plan/parts/${f.part.id}`,
      body: { synopsis: "Lyra leaves Oxford.", storyDate: "day 3", storyTime: "9:30", characterIds: [f.lyra.id], targetWords: 40000 },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ kind: "part", id: f.part.id, plan: { synopsis: "Lyra leaves Oxford.", storyDate: "day 3", storyTime: "09:30", characterIds: [f.lyra.id], targetWords: 40000 } });
        expect((await outlineOf(owner, f.bookId)).items[1]!.plan).toMatchObject({ synopsis: "Lyra leaves Oxford." });
      },
    };
  },
  "GET /api/v1/books/{bookId}/timeline": async (owner) => {
    const f = await planFixture(owner);
    return {
      path: `/api/v1/books/${f.bookId}/timeline`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        const timeline = data as { items: { title: string; readingOrder: number; lane: string | null }[]; storyOrder: string[]; unplaced: string[] };
        expect(timeline.items.map((item) => [item.readingOrder, item.title, item.lane])).toEqual([
          [1, "Opening", null],
          [2, "Second", null],
        ]);
        expect(timeline.storyOrder).toEqual([]);
        expect(timeline.unplaced).toHaveLength(2);
      },
    };
  },
  "GET /api/v1/books/{bookId}/plotlines": async (owner) => {
    const f = await planFixture(owner);
    return {
      path: `/api/v1/books/${f.bookId}/plotlines`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toEqual([expect.objectContaining({ id: f.plotline.id, name: "主线", position: 1 })]),
    };
  },
  "POST /api/v1/books/{bookId}/plotlines": async (owner) => {
    const f = await planFixture(owner);
    return {
      path: `/api/v1/books/${f.bookId}/plotlines`,
      body: { name: "Romance", colour: "#AA0000" },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ name: "Romance", colour: "#aa0000", position: 2 });
        expect((await outlineOf(owner, f.bookId)).plotlines.map((p) => p.name)).toEqual(["主线", "Romance"]);
      },
    };
  },
  "PATCH /api/v1/books/{bookId}/plotlines/{plotlineId}": async (owner) => {
    const f = await planFixture(owner);
    return {
      path: `/api/v1/books/${f.bookId}/plotlines/${f.plotline.id}`,
      body: { name: "Main plot" },
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.plotline.id, name: "Main plot" }),
    };
  },
  "DELETE /api/v1/books/{bookId}/plotlines/{plotlineId}": async (owner) => {
    const f = await planFixture(owner);
    return {
      path: `/api/v1/books/${f.bookId}/plotlines/${f.plotline.id}`,
      snapshot: f.snapshot,
      afterSuccess: async () => {
        const outline = await outlineOf(owner, f.bookId);
        expect(outline.plotlines).toEqual([]);
        expect(outline.items.find((item) => item.id === f.other.id)!.plan).toMatchObject({ plotlineIds: [], synopsis: "The rain falls on Jordan College." });
      },
    };
  },
  "GET /api/v1/books/{bookId}/labels": async (owner) => {
    const f = await planFixture(owner);
    return {
      path: `/api/v1/books/${f.bookId}/labels`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toEqual([expect.objectContaining({ id: f.label.id, name: "flashback", colour: "#336699" })]),
    };
  },
  "POST /api/v1/books/{bookId}/labels": async (owner) => {
    const f = await planFixture(owner);
    return {
      path: `/api/v1/books/${f.bookId}/labels`,
      body: { name: "research" },
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ name: "research", colour: expect.stringMatching(/^#[0-9a-f]{6}$/) }),
    };
  },
  "PATCH /api/v1/books/{bookId}/labels/{labelId}": async (owner) => {
    const f = await planFixture(owner);
    return {
      path: `/api/v1/books/${f.bookId}/labels/${f.label.id}`,
      body: { colour: "#00aa00" },
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.label.id, name: "flashback", colour: "#00aa00" }),
    };
  },
  "DELETE /api/v1/books/{bookId}/labels/{labelId}": async (owner) => {
    const f = await planFixture(owner);
    return {
      path: `/api/v1/books/${f.bookId}/labels/${f.label.id}`,
      snapshot: f.snapshot,
      afterSuccess: async () => {
        const outline = await outlineOf(owner, f.bookId);
        expect(outline.labels).toEqual([]);
        expect(outline.items.find((item) => item.id === f.other.id)!.plan).toMatchObject({ labelIds: [], status: "draft" });
      },
    };
  },
};

/** The tRPC matrix's fixtures for the plan procedures. */
export const PLAN_TRPC_CASES: Record<string, PrepareCall> = {
  "plan.outline": async (owner) => {
    const f = await planFixture(owner);
    return {
      input: { bookId: f.bookId, status: "draft" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(outlineShape(data as Outline)).toEqual(["part 第一卷", "chapter Second"]),
    };
  },
  "plan.update": async (owner) => {
    const f = await planFixture(owner);
    return {
      input: { bookId: f.bookId, kind: "chapters", itemId: f.chapter.id, changes: { status: "idea", storyDate: "2024-02-29" } },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ kind: "chapter", id: f.chapter.id, plan: { status: "idea", storyDate: "2024-02-29" } }),
    };
  },
  "plan.timeline": async (owner) => {
    const f = await planFixture(owner);
    return {
      input: { bookId: f.bookId },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as { items: { title: string }[] }).items.map((item) => item.title)).toEqual(["Opening", "Second"]),
    };
  },
  "plotlines.list": async (owner) => {
    const f = await planFixture(owner);
    return {
      input: { bookId: f.bookId },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as { name: string }[]).map((p) => p.name)).toEqual(["主线"]),
    };
  },
  "plotlines.create": async (owner) => {
    const f = await planFixture(owner);
    return {
      input: { bookId: f.bookId, name: "Subplot" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ name: "Subplot", position: 2 }),
    };
  },
  "plotlines.update": async (owner) => {
    const f = await planFixture(owner);
    return {
      input: { bookId: f.bookId, plotlineId: f.plotline.id, changes: { colour: "#123456" } },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.plotline.id, colour: "#123456" }),
    };
  },
  "plotlines.delete": async (owner) => {
    const f = await planFixture(owner);
    return {
      input: { bookId: f.bookId, plotlineId: f.plotline.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toEqual({ deleted: true });
        expect((await outlineOf(owner, f.bookId)).plotlines).toEqual([]);
      },
    };
  },
  "labels.list": async (owner) => {
    const f = await planFixture(owner);
    return {
      input: { bookId: f.bookId },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as { name: string }[]).map((l) => l.name)).toEqual(["flashback"]),
    };
  },
  "labels.create": async (owner) => {
    const f = await planFixture(owner);
    return {
      input: { bookId: f.bookId, name: "cut?" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ name: "cut?" }),
    };
  },
  "labels.update": async (owner) => {
    const f = await planFixture(owner);
    return {
      input: { bookId: f.bookId, labelId: f.label.id, changes: { name: "Flashbacks" } },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.label.id, name: "Flashbacks" }),
    };
  },
  "labels.delete": async (owner) => {
    const f = await planFixture(owner);
    return {
      input: { bookId: f.bookId, labelId: f.label.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toEqual({ deleted: true });
        expect((await outlineOf(owner, f.bookId)).labels).toEqual([]);
      },
    };
  },
};
