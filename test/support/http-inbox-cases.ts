import { expect } from "vitest";
import { bookFixture } from "./http-books";
import { expectSuccess, get } from "./http-client";
import type { Prepare, PrepareCall } from "./case-types";
import { openThread } from "./http-comments-cases";
import { addMember } from "./http-members-cases";
import type { Account } from "./http-users";

interface Notification {
  id: string;
  kind: string;
  read: boolean;
  thread: { id: string } | null;
}

/** What the account's inbox holds. */
export async function inboxState(account: Account, query = "") {
  const response = await get(`/api/v1/inbox?per_page=100${query}`, account.token);
  return { status: response.status, body: response.body };
}

export const inboxItems = async (account: Account, query = "") => expectSuccess(await get(`/api/v1/inbox?per_page=100${query}`, account.token), 200) as Notification[];

/**
 * The owner's book, and an editor who opened a thread on it: one more unread "comment" in the
 * owner's inbox (the matrix's owner is shared, so other fixtures' notifications may be there too).
 */
async function inboxFixture(owner: Account) {
  const f = await bookFixture(owner);
  const editor = await addMember(owner, f.book.id, "editor");
  const thread = await openThread(editor, f.book.id, f.chapter.id, { start: 11, end: 13, body: "A word here." });
  const notification = (await inboxItems(owner)).find((n) => n.thread?.id === thread.id);
  expect(notification).toMatchObject({ kind: "comment", read: false, thread: { id: thread.id } });
  return { ...f, notification: notification!, snapshot: async () => ({ book: await f.snapshot(), inbox: await inboxState(owner) }) };
}

/** The credential matrix's fixtures for the inbox (issue 36 item 7). */
export const INBOX_CASES: Record<string, Prepare> = {
  "GET /api/v1/inbox": async (owner) => {
    const f = await inboxFixture(owner);
    return {
      path: "/api/v1/inbox?unread=true",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as Notification[]).map((n) => n.id)).toContain(f.notification.id),
    };
  },
  "PATCH /api/v1/inbox/{notificationId}": async (owner) => {
    const f = await inboxFixture(owner);
    return {
      path: `/api/v1/inbox/${f.notification.id}`,
      body: { read: true },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ id: f.notification.id, read: true });
        expect((await inboxItems(owner, "&unread=true")).map((n) => n.id)).not.toContain(f.notification.id);
      },
    };
  },
  "POST /api/v1/inbox/read": async (owner) => {
    const f = await inboxFixture(owner);
    return {
      path: "/api/v1/inbox/read",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect((data as { marked: number }).marked).toBeGreaterThanOrEqual(1);
        expect(await inboxItems(owner, "&unread=true")).toEqual([]);
      },
    };
  },
};

/** The tRPC matrix's fixtures for the inbox procedures. */
export const INBOX_TRPC_CASES: Record<string, PrepareCall> = {
  "inbox.list": async (owner) => {
    const f = await inboxFixture(owner);
    return {
      input: { unread: true },
      stranger: null,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as { items: Notification[] }).items.map((n) => n.id)).toContain(f.notification.id),
    };
  },
  "inbox.mark": async (owner) => {
    const f = await inboxFixture(owner);
    return {
      input: { notificationId: f.notification.id, read: true },
      stranger: "not_found",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ read: true }),
    };
  },
  "inbox.markAllRead": async (owner) => {
    const f = await inboxFixture(owner);
    return {
      input: {},
      stranger: null,
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect((data as { marked: number }).marked).toBeGreaterThanOrEqual(1);
        expect(await inboxItems(owner, "&unread=true")).toEqual([]);
      },
    };
  },
};
