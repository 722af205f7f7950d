import { expect } from "vitest";
import { bookFixture } from "./http-books";
import { expectSuccess, get, post } from "./http-client";
import type { Prepare, PrepareCall } from "./case-types";
import type { Account } from "./http-users";

interface Suggestion {
  id: string;
  quote: string;
  replacement: string;
  start: number | null;
  end: number | null;
  state: string;
  stale: boolean;
  acceptedVersion: number | null;
  author: { id: string } | null;
  decidedBy: { id: string } | null;
}

/** A book's suggestions as its owner lists them (decided ones included). */
export async function suggestionsState(owner: Account, bookId: string, query = "") {
  const response = await get(`/api/v1/books/${bookId}/suggestions?per_page=100${query}`, owner.token);
  return { status: response.status, body: response.body };
}

export async function suggest(account: Account, bookId: string, chapterId: string, body: { start: number; end: number; quote?: string; replacement: string }): Promise<Suggestion> {
  return expectSuccess(await post(`/api/v1/books/${bookId}/chapters/${chapterId}/suggestions`, account.token, body), 201) as Suggestion;
}

const TEXT = "# Opening\n\nIt was a bright cold day.";

/**
 * The fixture book (its first chapter reads "# Opening\n\nIt was a bright cold day.") with the
 * owner's suggestion of "grey" for "bright cold", and all a refused call must leave as it was.
 */
async function suggestionsFixture(owner: Account) {
  const f = await bookFixture(owner);
  const start = TEXT.indexOf("bright cold");
  const suggestion = await suggest(owner, f.book.id, f.chapter.id, { start, end: start + "bright cold".length, replacement: "grey" });
  return {
    ...f,
    suggestion,
    snapshot: async () => ({ book: await f.snapshot(), suggestions: await suggestionsState(owner, f.book.id) }),
  };
}

const suggestionOf = async (owner: Account, bookId: string, id: string) => expectSuccess(await get(`/api/v1/books/${bookId}/suggestions/${id}`, owner.token), 200) as Suggestion;
const chapterText = async (owner: Account, bookId: string, chapterId: string) =>
  (expectSuccess(await get(`/api/v1/books/${bookId}/chapters/${chapterId}`, owner.token), 200) as { content: string }).content;

/** The credential matrix's fixtures for the suggestions endpoints (issue 36 item 3). */
export const SUGGESTIONS_CASES: Record<string, Prepare> = {
  "GET /api/v1/books/{bookId}/suggestions": async (owner) => {
    const f = await suggestionsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/suggestions?state=open`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toEqual([expect.objectContaining({ id: f.suggestion.id, quote: "bright cold", replacement: "grey", state: "open" })]),
    };
  },
  "POST /api/v1/books/{bookId}/chapters/{chapterId}/suggestions": async (owner) => {
    const f = await suggestionsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapters/${f.chapter.id}/suggestions`,
      body: { start: 0, end: 5, quote: "day", replacement: "morning" },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        // The stretch sent did not hold the quote: it was placed where the quote is.
        expect(data).toMatchObject({ quote: "day", replacement: "morning", start: 32, end: 35, state: "open" });
        expect(await chapterText(owner, f.book.id, f.chapter.id)).toBe(TEXT);
      },
    };
  },
  "PATCH /api/v1/books/{bookId}/chapters/{chapterId}/suggestions": async (owner) => {
    const f = await suggestionsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapters/${f.chapter.id}/suggestions`,
      body: { state: "accepted" },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ chapterId: f.chapter.id, version: f.chapter.version + 1, decided: [{ id: f.suggestion.id, state: "accepted" }], left: [] });
        expect(await chapterText(owner, f.book.id, f.chapter.id)).toBe(TEXT.replace("bright cold", "grey"));
      },
    };
  },
  "GET /api/v1/books/{bookId}/suggestions/{suggestionId}": async (owner) => {
    const f = await suggestionsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/suggestions/${f.suggestion.id}`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.suggestion.id, start: TEXT.indexOf("bright"), stale: false }),
    };
  },
  "PATCH /api/v1/books/{bookId}/suggestions/{suggestionId}": async (owner) => {
    const f = await suggestionsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/suggestions/${f.suggestion.id}`,
      body: { state: "accepted" },
      snapshot: f.snapshot,
      afterSuccess: async (data, token) => {
        const decider = expectSuccess(await get("/api/v1/users/me", token), 200) as { id: string };
        expect(data).toMatchObject({ state: "accepted", acceptedVersion: f.chapter.version + 1, decidedBy: { id: decider.id } });
        expect(await chapterText(owner, f.book.id, f.chapter.id)).toBe(TEXT.replace("bright cold", "grey"));
      },
    };
  },
};

/** The tRPC matrix's fixtures for the suggestions procedures. */
export const SUGGESTIONS_TRPC_CASES: Record<string, PrepareCall> = {
  "suggestions.list": async (owner) => {
    const f = await suggestionsFixture(owner);
    return {
      input: { bookId: f.book.id, state: "open" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as { items: Suggestion[] }).items.map((s) => s.id)).toEqual([f.suggestion.id]),
    };
  },
  "suggestions.create": async (owner) => {
    const f = await suggestionsFixture(owner);
    return {
      input: { bookId: f.book.id, chapterId: f.chapter.id, start: 11, end: 13, replacement: "This" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ quote: "It", replacement: "This", start: 11, end: 13 });
        expect((await suggestionsState(owner, f.book.id)).body.data).toHaveLength(2);
      },
    };
  },
  "suggestions.get": async (owner) => {
    const f = await suggestionsFixture(owner);
    return {
      input: { bookId: f.book.id, suggestionId: f.suggestion.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.suggestion.id, quote: "bright cold" }),
    };
  },
  "suggestions.decide": async (owner) => {
    const f = await suggestionsFixture(owner);
    return {
      input: { bookId: f.book.id, suggestionId: f.suggestion.id, state: "rejected" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ state: "rejected", acceptedVersion: null });
        expect((await suggestionOf(owner, f.book.id, f.suggestion.id)).state).toBe("rejected");
        expect(await chapterText(owner, f.book.id, f.chapter.id)).toBe(TEXT);
      },
    };
  },
  "suggestions.decideChapter": async (owner) => {
    const f = await suggestionsFixture(owner);
    return {
      input: { bookId: f.book.id, chapterId: f.chapter.id, state: "accepted" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ version: f.chapter.version + 1, decided: [{ id: f.suggestion.id }] });
        expect(await chapterText(owner, f.book.id, f.chapter.id)).toBe(TEXT.replace("bright cold", "grey"));
      },
    };
  },
};
