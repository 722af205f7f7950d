import { expect } from "vitest";
import { bookFixture } from "./http-books";
import { expectSuccess, get, post } from "./http-client";
import type { Prepare, PrepareCall } from "./case-types";
import type { Account } from "./http-users";

interface Thread {
  id: string;
  quote: string;
  start: number | null;
  end: number | null;
  resolved: boolean;
  detached: boolean;
  comments: { id: string; body: string; author: { id: string } | null; mentions: { id: string }[]; editedAt: string | null }[];
}

/** A book's threads as its owner lists them (resolved ones included). */
export async function threadsState(owner: Account, bookId: string, query = "") {
  const response = await get(`/api/v1/books/${bookId}/threads?per_page=100${query}`, owner.token);
  return { status: response.status, body: response.body };
}

export async function openThread(account: Account, bookId: string, chapterId: string, body: { start: number; end: number; quote?: string; body: string }): Promise<Thread> {
  return expectSuccess(await post(`/api/v1/books/${bookId}/chapters/${chapterId}/threads`, account.token, body), 201) as Thread;
}

/**
 * The fixture book (its first chapter reads "# Opening\n\nIt was a bright cold day.") with a thread
 * the owner opened on "bright cold" and replied to, and all a refused call must leave as it was.
 */
async function commentsFixture(owner: Account) {
  const f = await bookFixture(owner);
  const text = "# Opening\n\nIt was a bright cold day.";
  const start = text.indexOf("bright cold");
  const opened = await openThread(owner, f.book.id, f.chapter.id, { start, end: start + "bright cold".length, body: "Orwell got here first." });
  const thread = expectSuccess(await post(`/api/v1/books/${f.book.id}/threads/${opened.id}/comments`, owner.token, { body: "A second thought." }), 201) as Thread;
  return {
    ...f,
    thread,
    reply: thread.comments[1]!,
    snapshot: async () => ({ book: await f.snapshot(), threads: await threadsState(owner, f.book.id) }),
  };
}

const threadOf = async (owner: Account, bookId: string, threadId: string) => expectSuccess(await get(`/api/v1/books/${bookId}/threads/${threadId}`, owner.token), 200) as Thread;
const threadIds = async (owner: Account, bookId: string) => ((await threadsState(owner, bookId)).body.data as Thread[]).map((t) => t.id);

/** The credential matrix's fixtures for the comments endpoints (issue 36 item 2). */
export const COMMENTS_CASES: Record<string, Prepare> = {
  "GET /api/v1/books/{bookId}/threads": async (owner) => {
    const f = await commentsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/threads`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toEqual([expect.objectContaining({ id: f.thread.id, quote: "bright cold", resolved: false })]),
    };
  },
  "POST /api/v1/books/{bookId}/chapters/{chapterId}/threads": async (owner) => {
    const f = await commentsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapters/${f.chapter.id}/threads`,
      body: { start: 0, end: 5, quote: "cold day", body: "Which day?" },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        // The stretch sent did not hold the quote: it was placed where the quote is.
        expect(data).toMatchObject({ quote: "cold day", start: 27, end: 35, comments: [{ body: "Which day?" }] });
        expect(await threadIds(owner, f.book.id)).toContain((data as Thread).id);
      },
    };
  },
  "GET /api/v1/books/{bookId}/threads/{threadId}": async (owner) => {
    const f = await commentsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/threads/${f.thread.id}`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.thread.id, comments: [{ body: "Orwell got here first." }, { body: "A second thought." }] }),
    };
  },
  "PATCH /api/v1/books/{bookId}/threads/{threadId}": async (owner) => {
    const f = await commentsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/threads/${f.thread.id}`,
      body: { resolved: true },
      snapshot: f.snapshot,
      afterSuccess: async (data, token) => {
        expect(data).toMatchObject({ id: f.thread.id, resolved: true });
        const resolver = expectSuccess(await get("/api/v1/users/me", token), 200) as { id: string };
        expect((await threadOf(owner, f.book.id, f.thread.id)).resolved).toBe(true);
        expect(data).toMatchObject({ resolvedBy: { id: resolver.id } });
      },
    };
  },
  "DELETE /api/v1/books/{bookId}/threads/{threadId}": async (owner) => {
    const f = await commentsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/threads/${f.thread.id}`,
      snapshot: f.snapshot,
      afterSuccess: async () => expect(await threadIds(owner, f.book.id)).toEqual([]),
    };
  },
  "POST /api/v1/books/{bookId}/threads/{threadId}/comments": async (owner) => {
    const f = await commentsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/threads/${f.thread.id}/comments`,
      body: { body: "And a third." },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect((data as Thread).comments.map((c) => c.body)).toEqual(["Orwell got here first.", "A second thought.", "And a third."]);
        expect((await threadOf(owner, f.book.id, f.thread.id)).comments).toHaveLength(3);
      },
    };
  },
  "PATCH /api/v1/books/{bookId}/threads/{threadId}/comments/{commentId}": async (owner) => {
    const f = await commentsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/threads/${f.thread.id}/comments/${f.reply.id}`,
      body: { body: "A better thought." },
      snapshot: f.snapshot,
      afterSuccess: async () => {
        const reply = (await threadOf(owner, f.book.id, f.thread.id)).comments[1]!;
        expect(reply).toMatchObject({ body: "A better thought.", editedAt: expect.any(String) });
      },
    };
  },
  "DELETE /api/v1/books/{bookId}/threads/{threadId}/comments/{commentId}": async (owner) => {
    const f = await commentsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/threads/${f.thread.id}/comments/${f.reply.id}`,
      snapshot: f.snapshot,
      afterSuccess: async () => expect((await threadOf(owner, f.book.id, f.thread.id)).comments.map((c) => c.body)).toEqual(["Orwell got here first."]),
    };
  },
};

/** The tRPC matrix's fixtures for the comments procedures. */
export const COMMENTS_TRPC_CASES: Record<string, PrepareCall> = {
  "comments.list": async (owner) => {
    const f = await commentsFixture(owner);
    return {
      input: { bookId: f.book.id, resolved: false },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as { items: Thread[] }).items.map((t) => t.id)).toEqual([f.thread.id]),
    };
  },
  "comments.create": async (owner) => {
    const f = await commentsFixture(owner);
    return {
      input: { bookId: f.book.id, chapterId: f.chapter.id, start: 11, end: 13, body: "Two letters." },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ quote: "It", start: 11, end: 13 });
        expect(await threadIds(owner, f.book.id)).toHaveLength(2);
      },
    };
  },
  "comments.get": async (owner) => {
    const f = await commentsFixture(owner);
    return {
      input: { bookId: f.book.id, threadId: f.thread.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.thread.id, quote: "bright cold" }),
    };
  },
  "comments.resolve": async (owner) => {
    const f = await commentsFixture(owner);
    return {
      input: { bookId: f.book.id, threadId: f.thread.id, resolved: true },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ resolved: true });
        expect((await threadOf(owner, f.book.id, f.thread.id)).resolved).toBe(true);
      },
    };
  },
  "comments.delete": async (owner) => {
    const f = await commentsFixture(owner);
    return {
      input: { bookId: f.book.id, threadId: f.thread.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toEqual({ deleted: true });
        expect(await threadIds(owner, f.book.id)).toEqual([]);
      },
    };
  },
  "comments.reply": async (owner) => {
    const f = await commentsFixture(owner);
    return {
      input: { bookId: f.book.id, threadId: f.thread.id, body: "Over tRPC." },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as Thread).comments.at(-1)).toMatchObject({ body: "Over tRPC." }),
    };
  },
  "comments.edit": async (owner) => {
    const f = await commentsFixture(owner);
    return {
      input: { bookId: f.book.id, threadId: f.thread.id, commentId: f.reply.id, body: "Edited over tRPC." },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async () => expect((await threadOf(owner, f.book.id, f.thread.id)).comments[1]).toMatchObject({ body: "Edited over tRPC." }),
    };
  },
  "comments.deleteComment": async (owner) => {
    const f = await commentsFixture(owner);
    return {
      input: { bookId: f.book.id, threadId: f.thread.id, commentId: f.reply.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toEqual({ deleted: true });
        expect((await threadOf(owner, f.book.id, f.thread.id)).comments).toHaveLength(1);
      },
    };
  },
};
