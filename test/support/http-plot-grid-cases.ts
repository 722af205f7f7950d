import { expect } from "vitest";
import type { Prepare, PrepareCall } from "./case-types";
import { bookFixture } from "./http-books";
import { expectSuccess, get, patch, post, put } from "./http-client";
import type { Account } from "./http-users";

type Grid = { plotlines: { id: string }[]; chapters: { id: string; number: number }[]; cells: { plotlineId: string; chapterId: string; chapter: boolean; scenes: unknown[]; note: string }[] };
type BeatPlan = { templateId: string; placedBy: string; beats: { id: string; name: string; planned: { chapterId: string } | null; moved: boolean }[] };

/**
 * The fixture book (Opening, Second) with a plotline "Main" that Opening's plan carries and a note
 * in the cell Main × Second, the Three-Act Structure applied as its beat plan, and everything a
 * refused call must leave as it was: the book, its chapters, the grid and the beat plan.
 */
export async function plotGridFixture(owner: Account) {
  const f = await bookFixture(owner);
  const main = expectSuccess(await post(`/api/v1/books/${f.book.id}/plotlines`, owner.token, { name: "Main" }), 201) as { id: string };
  expectSuccess(await patch(`/api/v1/books/${f.book.id}/plan/chapters/${f.chapter.id}`, owner.token, { plotlineIds: [main.id] }), 201);
  expectSuccess(await put(`/api/v1/books/${f.book.id}/plot-grid/${main.id}/${f.other.id}`, owner.token, { note: "The rain hides the thief." }), 201);
  const beats = expectSuccess(await put(`/api/v1/books/${f.book.id}/beat-plan`, owner.token, { template: "three-act-structure" }), 201) as BeatPlan;
  const grid = async () => expectSuccess(await get(`/api/v1/books/${f.book.id}/plot-grid`, owner.token), 200) as Grid;
  const beatPlan = async () => (await get(`/api/v1/books/${f.book.id}/beat-plan`, owner.token)).body;
  return { ...f, main, beats, grid, snapshot: async () => ({ book: await f.snapshot(), grid: await grid(), beats: await beatPlan() }) };
}

/** The credential matrix's fixtures for the plot grid and beat plan endpoints (issue 35 items 3 and 4). */
export const PLOT_GRID_CASES: Record<string, Prepare> = {
  "GET /api/v1/books/{bookId}/plot-grid": async (owner) => {
    const f = await plotGridFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/plot-grid`,
      snapshot: f.snapshot,
      afterSuccess: async (data) =>
        expect(data).toMatchObject({
          editable: true,
          plotlines: [{ id: f.main.id, name: "Main" }],
          chapters: [{ id: f.chapter.id, number: 1 }, { id: f.other.id, number: 2 }],
          cells: [
            { plotlineId: f.main.id, chapterId: f.chapter.id, chapter: true, scenes: [], note: "" },
            { plotlineId: f.main.id, chapterId: f.other.id, chapter: false, scenes: [], note: "The rain hides the thief." },
          ],
        }),
    };
  },
  "PUT /api/v1/books/{bookId}/plot-grid/{plotlineId}/{chapterId}": async (owner) => {
    const f = await plotGridFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/plot-grid/${f.main.id}/${f.chapter.id}`,
      body: { note: "She finds the map." },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ plotlineId: f.main.id, chapterId: f.chapter.id, note: "She finds the map." });
        expect((await f.grid()).cells[0]).toMatchObject({ chapterId: f.chapter.id, chapter: true, note: "She finds the map." });
      },
    };
  },
  "GET /api/v1/books/{bookId}/beat-plan": async (owner) => {
    const f = await plotGridFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/beat-plan`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ templateName: "Three-Act Structure", placedBy: "chapters", analysis: null });
        // Two chapters, equal shares: the beats before 50 % on Opening, the rest on Second.
        expect((data as BeatPlan).beats.map((beat) => beat.planned?.chapterId)).toEqual([...Array(4).fill(f.chapter.id), ...Array(5).fill(f.other.id)]);
      },
    };
  },
  "PUT /api/v1/books/{bookId}/beat-plan": async (owner) => {
    const f = await plotGridFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/beat-plan`,
      body: { template: "kishotenketsu" },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect((data as BeatPlan).beats.map((beat) => [beat.name.slice(0, 1), beat.planned?.chapterId])).toEqual([
          ["起", f.chapter.id],
          ["承", f.chapter.id],
          ["转", f.other.id],
          ["合", f.other.id],
        ]);
      },
    };
  },
  "PATCH /api/v1/books/{bookId}/beat-plan/beats/{beatId}": async (owner) => {
    const f = await plotGridFixture(owner);
    const climax = f.beats.beats.find((beat) => beat.name === "Climax")!;
    return {
      path: `/api/v1/books/${f.book.id}/beat-plan/beats/${climax.id}`,
      body: { chapterId: f.chapter.id },
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as BeatPlan).beats.find((beat) => beat.id === climax.id)).toMatchObject({ moved: true, planned: { chapterId: f.chapter.id, chapterNumber: 1 } }),
    };
  },
  "DELETE /api/v1/books/{bookId}/beat-plan": async (owner) => {
    const f = await plotGridFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/beat-plan`,
      snapshot: f.snapshot,
      afterSuccess: async () => expect((await get(`/api/v1/books/${f.book.id}/beat-plan`, owner.token)).status).toBe(404),
    };
  },
};

/** The tRPC matrix's fixtures for the plot grid and beat plan procedures. */
export const PLOT_GRID_TRPC_CASES: Record<string, PrepareCall> = {
  "plotGrid.get": async (owner) => {
    const f = await plotGridFixture(owner);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as Grid).cells.map((cell) => cell.note)).toEqual(["", "The rain hides the thief."]),
    };
  },
  "plotGrid.setCell": async (owner) => {
    const f = await plotGridFixture(owner);
    return {
      input: { bookId: f.book.id, plotlineId: f.main.id, chapterId: f.other.id, note: "" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ note: "", updatedAt: null });
        expect((await f.grid()).cells.map((cell) => cell.chapterId)).toEqual([f.chapter.id]);
      },
    };
  },
  "beats.get": async (owner) => {
    const f = await plotGridFixture(owner);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as BeatPlan).beats).toHaveLength(9),
    };
  },
  "beats.applyTemplate": async (owner) => {
    const f = await plotGridFixture(owner);
    return {
      input: { bookId: f.book.id, template: "save-the-cat" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as BeatPlan).beats).toHaveLength(15),
    };
  },
  "beats.move": async (owner) => {
    const f = await plotGridFixture(owner);
    const opening = f.beats.beats[0]!;
    return {
      input: { bookId: f.book.id, beatId: opening.id, place: { chapterId: f.other.id } },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as BeatPlan).beats[0]).toMatchObject({ moved: true, planned: { chapterId: f.other.id } }),
    };
  },
  "beats.delete": async (owner) => {
    const f = await plotGridFixture(owner);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toEqual({ deleted: true }),
    };
  },
};
