import { expect } from "vitest";
import type { Prepare, PrepareCall } from "./case-types";
import { bookFixture } from "./http-books";
import { expectSuccess, get, post } from "./http-client";
import type { Account } from "./http-users";

type Foreshadowing = { id: string; title: string; state: string; status: string; setup: { chapter: { id: string }; words: { quote: string } | null }; payoff: { chapter: { id: string } } | null; deadline: { number: number | null } | null };

/**
 * The fixture book (Opening, Second) with one foreshadowing planted in Opening on "bright cold day",
 * due by chapter 5 (not yet written), and everything a refused call must leave as it was: the book,
 * its chapters, and the board.
 */
export async function foreshadowingFixture(owner: Account) {
  const f = await bookFixture(owner);
  const text = "# Opening\n\nIt was a bright cold day.";
  const start = text.indexOf("bright cold day");
  const planted = expectSuccess(
    await post(`/api/v1/books/${f.book.id}/foreshadowings`, owner.token, {
      title: "The cold",
      note: "It never warms until the end.",
      setup: { chapterId: f.chapter.id, start, end: start + "bright cold day".length },
      deadline: { chapterNumber: 5 },
    }),
    201,
  ) as Foreshadowing;
  const board = async () => (await get(`/api/v1/books/${f.book.id}/foreshadowings`, owner.token)).body;
  return { ...f, planted, board: async () => (expectSuccess(await get(`/api/v1/books/${f.book.id}/foreshadowings`, owner.token), 200) as Foreshadowing[]), snapshot: async () => ({ book: await f.snapshot(), board: await board() }) };
}

/** The credential matrix's fixtures for the foreshadowing endpoints (issue 35 item 3). */
export const FORESHADOWING_CASES: Record<string, Prepare> = {
  "GET /api/v1/books/{bookId}/foreshadowings": async (owner) => {
    const f = await foreshadowingFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/foreshadowings`,
      snapshot: f.snapshot,
      afterSuccess: async (data) =>
        expect(data).toEqual([expect.objectContaining({ id: f.planted.id, status: "open", chaptersLeft: 3, setup: expect.objectContaining({ words: expect.objectContaining({ quote: "bright cold day" }) }) })]),
    };
  },
  "POST /api/v1/books/{bookId}/foreshadowings": async (owner) => {
    const f = await foreshadowingFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/foreshadowings`,
      body: { title: "The rain", setup: { chapterId: f.other.id }, deadline: { chapterId: f.other.id } },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        // Second holds text, so a deadline on it is reached at once.
        expect(data).toMatchObject({ title: "The rain", state: "planted", status: "overdue", chaptersLeft: 0 });
        expect((await f.board()).map((x) => x.title)).toEqual(["The cold", "The rain"]);
      },
    };
  },
  "GET /api/v1/books/{bookId}/foreshadowings/{foreshadowingId}": async (owner) => {
    const f = await foreshadowingFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/foreshadowings/${f.planted.id}`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.planted.id, title: "The cold", note: "It never warms until the end.", deadline: { chapterId: null, number: 5 } }),
    };
  },
  "PATCH /api/v1/books/{bookId}/foreshadowings/{foreshadowingId}": async (owner) => {
    const f = await foreshadowingFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/foreshadowings/${f.planted.id}`,
      body: { payoff: { chapterId: f.other.id } },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ state: "paid_off", status: "paid_off", payoff: { chapter: { id: f.other.id, number: 2 } } });
        expect((await f.board())[0]).toMatchObject({ status: "paid_off" });
      },
    };
  },
  "DELETE /api/v1/books/{bookId}/foreshadowings/{foreshadowingId}": async (owner) => {
    const f = await foreshadowingFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/foreshadowings/${f.planted.id}`,
      snapshot: f.snapshot,
      afterSuccess: async () => expect(await f.board()).toEqual([]),
    };
  },
};

/** The tRPC matrix's fixtures for the foreshadowing procedures. */
export const FORESHADOWING_TRPC_CASES: Record<string, PrepareCall> = {
  "foreshadowing.list": async (owner) => {
    const f = await foreshadowingFixture(owner);
    return {
      input: { bookId: f.book.id, status: "open" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as Foreshadowing[]).map((x) => x.id)).toEqual([f.planted.id]),
    };
  },
  "foreshadowing.get": async (owner) => {
    const f = await foreshadowingFixture(owner);
    return {
      input: { bookId: f.book.id, foreshadowingId: f.planted.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.planted.id, status: "open" }),
    };
  },
  "foreshadowing.create": async (owner) => {
    const f = await foreshadowingFixture(owner);
    return {
      input: { bookId: f.book.id, title: "The letter", setup: { chapterId: f.other.id }, payoff: { chapterId: f.chapter.id } },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ title: "The letter", status: "paid_off", warnings: ["payoff_before_setup"] });
        expect(await f.board()).toHaveLength(2);
      },
    };
  },
  "foreshadowing.update": async (owner) => {
    const f = await foreshadowingFixture(owner);
    return {
      input: { bookId: f.book.id, foreshadowingId: f.planted.id, state: "dropped" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async () => expect((await f.board())[0]).toMatchObject({ state: "dropped", status: "dropped" }),
    };
  },
  "foreshadowing.delete": async (owner) => {
    const f = await foreshadowingFixture(owner);
    return {
      input: { bookId: f.book.id, foreshadowingId: f.planted.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toEqual({ deleted: true });
        expect(await f.board()).toEqual([]);
      },
    };
  },
};
