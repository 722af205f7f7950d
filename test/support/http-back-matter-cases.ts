import { expect } from "vitest";
import type { Prepare, PrepareCall } from "./case-types";
import { createBook } from "./http-books";
import { expectSuccess, get } from "./http-client";
import type { Account } from "./http-users";

// Credential-matrix fixtures for the writer's back matter (issue 37 item 6, decision 0495), REST and tRPC.

async function backMatterOf(owner: Account) {
  return expectSuccess(await get("/api/v1/users/me/back-matter", owner.token), 200);
}

/** An "also by" list naming one of the owner's books, so that a read has something to resolve. */
async function ownBookEntry(owner: Account) {
  const book = await createBook(owner.token, { title: "The Earlier Book" });
  return { book, entry: { bookId: book.id } };
}

export const BACK_MATTER_CASES: Record<string, Prepare> = {
  "GET /api/v1/users/me/back-matter": async (owner) => ({
    path: "/api/v1/users/me/back-matter",
    snapshot: () => backMatterOf(owner),
    afterSuccess: async (data) => expect(data).toMatchObject({ alsoBy: expect.any(Array) }),
  }),
  "PATCH /api/v1/users/me/back-matter": async (owner) => {
    const { book, entry } = await ownBookEntry(owner);
    return {
      path: "/api/v1/users/me/back-matter",
      body: { aboutAuthor: "Lives by the sea.", alsoBy: [entry, { title: "A Book Elsewhere" }] },
      snapshot: () => backMatterOf(owner),
      afterSuccess: async (data) => {
        const expected = { aboutAuthor: "Lives by the sea.", alsoBy: [{ bookId: book.id, title: "The Earlier Book" }, { bookId: null, title: "A Book Elsewhere" }] };
        expect(data).toMatchObject(expected);
        expect(await backMatterOf(owner)).toMatchObject(expected);
      },
    };
  },
};

export const BACK_MATTER_TRPC_CASES: Record<string, PrepareCall> = {
  "backMatter.get": async (owner) => ({
    // Always the caller's own: a stranger reads theirs.
    stranger: null,
    snapshot: () => backMatterOf(owner),
    afterSuccess: async (data) => expect(data).toMatchObject({ alsoBy: expect.any(Array) }),
  }),
  "backMatter.update": async (owner) => ({
    input: { acknowledgements: "Thanks to my editor." },
    stranger: null,
    snapshot: () => backMatterOf(owner),
    afterSuccess: async (data) => {
      expect(data).toMatchObject({ acknowledgements: "Thanks to my editor." });
      expect(await backMatterOf(owner)).toMatchObject({ acknowledgements: "Thanks to my editor." });
    },
  }),
};
