import { expect } from "vitest";
import { bookFixture } from "./http-books";
import { expectSuccess, get, post } from "./http-client";
import type { Prepare, PrepareCall } from "./case-types";
import { membersState } from "./http-members-cases";
import { signUp, type Account } from "./http-users";

/** A book's pending invitations, as its owner lists them. */
export async function invitationsState(owner: Account, bookId: string) {
  const response = await get(`/api/v1/books/${bookId}/invitations`, owner.token);
  return { status: response.status, body: response.body };
}

/** An invitation the owner made: a link, or (with `email`) for one account. */
export async function invite(owner: Account, bookId: string, body: { role: string; email?: string; expiresInDays?: number }) {
  return expectSuccess(await post(`/api/v1/books/${bookId}/invitations`, owner.token, body), 201) as { id: string; secret: string; link: string; emailed: boolean; emailNotSent: string | null };
}

/** The fixture book with one pending link invitation, and everything a refused call must leave as it was. */
async function invitationsFixture(owner: Account) {
  const f = await bookFixture(owner);
  const invitation = await invite(owner, f.book.id, { role: "viewer" });
  return {
    ...f,
    invitation,
    snapshot: async () => ({ book: await f.snapshot(), members: await membersState(owner, f.book.id), invitations: await invitationsState(owner, f.book.id) }),
  };
}

/** An e-mail invitation for an account of its own, which the matrix's call accepts as that account. */
async function acceptFixture(owner: Account, label: string) {
  const f = await invitationsFixture(owner);
  const invitee = await signUp(label);
  const invitation = await invite(owner, f.book.id, { role: "editor", email: invitee.email });
  return { ...f, invitee, invitation };
}

const pendingIds = async (owner: Account, bookId: string) => ((await invitationsState(owner, bookId)).body.data as { id: string }[]).map((i) => i.id);

/** The credential matrix's fixtures for the invitations endpoints (issue 36 item 1). */
export const INVITATIONS_CASES: Record<string, Prepare> = {
  "GET /api/v1/books/{bookId}/invitations": async (owner) => {
    const f = await invitationsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/invitations`,
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toEqual([expect.objectContaining({ id: f.invitation.id, role: "viewer", email: null, invitedBy: expect.objectContaining({ userId: owner.id }) })]);
        expect(JSON.stringify(data)).not.toContain(f.invitation.secret);
      },
    };
  },
  "POST /api/v1/books/{bookId}/invitations": async (owner) => {
    const f = await invitationsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/invitations`,
      body: { role: "beta_reader", expiresInDays: 3 },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        const created = data as { id: string; secret: string; link: string };
        expect(data).toMatchObject({ role: "beta_reader", email: null, emailed: false });
        expect(created.link).toBe(`/invite/${created.secret}`);
        expect(await pendingIds(owner, f.book.id)).toContain(created.id);
      },
    };
  },
  "DELETE /api/v1/books/{bookId}/invitations/{invitationId}": async (owner) => {
    const f = await invitationsFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/invitations/${f.invitation.id}`,
      snapshot: f.snapshot,
      afterSuccess: async () => {
        expect(await pendingIds(owner, f.book.id)).not.toContain(f.invitation.id);
        const late = await signUp("late");
        expect((await post("/api/v1/invitations/accept", late.token, { secret: f.invitation.secret })).status).toBe(410);
      },
    };
  },
  "POST /api/v1/invitations/accept": async (owner) => {
    const f = await acceptFixture(owner, "accepts");
    return {
      path: "/api/v1/invitations/accept",
      body: { secret: f.invitation.secret },
      as: f.invitee,
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toEqual({ bookId: f.book.id, bookTitle: f.book.title, role: "editor" });
        const members = (await membersState(owner, f.book.id)).body.data as { userId: string; role: string }[];
        expect(members.find((m) => m.userId === f.invitee.id)?.role).toBe("editor");
      },
    };
  },
};

/** The tRPC matrix's fixtures for the invitations procedures. */
export const INVITATIONS_TRPC_CASES: Record<string, PrepareCall> = {
  "invitations.list": async (owner) => {
    const f = await invitationsFixture(owner);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as { id: string }[]).map((i) => i.id)).toEqual([f.invitation.id]),
    };
  },
  "invitations.create": async (owner) => {
    const f = await invitationsFixture(owner);
    return {
      input: { bookId: f.book.id, role: "co_author" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ role: "co_author", emailed: false });
        expect(await pendingIds(owner, f.book.id)).toContain((data as { id: string }).id);
      },
    };
  },
  "invitations.withdraw": async (owner) => {
    const f = await invitationsFixture(owner);
    return {
      input: { bookId: f.book.id, invitationId: f.invitation.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toEqual({ withdrawn: true });
        expect(await pendingIds(owner, f.book.id)).toEqual([]);
      },
    };
  },
  "invitations.accept": async (owner) => {
    const f = await acceptFixture(owner, "trpc-accepts");
    return {
      input: { secret: f.invitation.link },
      as: f.invitee,
      // an e-mail invitation: another writer holding its link is told it is not theirs
      stranger: "invitation_not_yours",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ bookId: f.book.id, role: "editor" }),
    };
  },
};
