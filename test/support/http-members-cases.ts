import { expect } from "vitest";
import { bookFixture, saveChapter } from "./http-books";
import { expectSuccess, get, post } from "./http-client";
import type { Prepare, PrepareCall } from "./case-types";
import { signUp, type Account } from "./http-users";

/** The people on a book, as its owner lists them. */
export async function membersState(owner: Account, bookId: string) {
  const response = await get(`/api/v1/books/${bookId}/members`, owner.token);
  return { status: response.status, body: response.body };
}

/** A member with this role on the book, added by its owner. */
export async function addMember(owner: Account, bookId: string, role: string, member?: Account): Promise<Account> {
  const account = member ?? (await signUp(role.replace("_", "-")));
  expectSuccess(await post(`/api/v1/books/${bookId}/members`, owner.token, { email: account.email, role }), 201);
  return account;
}

/** The fixture book with one member (a co-author) on it, and everything a refused call must leave as it was. */
async function membersFixture(owner: Account) {
  const f = await bookFixture(owner);
  const member = await addMember(owner, f.book.id, "co_author");
  return { ...f, member, snapshot: async () => ({ book: await f.snapshot(), members: await membersState(owner, f.book.id) }) };
}

/** The members fixture after its co-author wrote the second chapter's current version. */
async function activityFixture(owner: Account) {
  const f = await membersFixture(owner);
  await saveChapter(f.member.token, f.book.id, f.other.id, 1, { title: "Second", content: "The rain fell and fell on the roof." });
  return f;
}

/** What the activity of the fixture says: the owner's and the co-author's writing, and who last wrote each chapter. */
function expectFixtureActivity(data: unknown, owner: Account, f: { member: Account; chapter: { id: string }; other: { id: string } }) {
  const activity = data as { people: { userId: string; role: string; written: number }[]; chapters: { chapterId: string; authorId: string }[] };
  expect(activity.people.map((p) => [p.userId, p.role])).toEqual([[owner.id, "owner"], [f.member.id, "co_author"]]);
  expect(activity.people[1]!.written).toBe(5);
  expect(activity.chapters).toEqual([expect.objectContaining({ chapterId: f.chapter.id, authorId: owner.id }), expect.objectContaining({ chapterId: f.other.id, authorId: f.member.id })]);
}

const roleOf = async (owner: Account, bookId: string, userId: string) =>
  ((await membersState(owner, bookId)).body.data as { userId: string; role: string }[]).find((m) => m.userId === userId)?.role;

/** The credential matrix's fixtures for the members endpoints (issue 31). */
export const MEMBERS_CASES: Record<string, Prepare> = {
  "GET /api/v1/books/{bookId}/members": async (owner) => {
    const f = await membersFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/members`,
      snapshot: f.snapshot,
      afterSuccess: async (data) =>
        expect(data).toEqual([expect.objectContaining({ userId: owner.id, role: "owner" }), expect.objectContaining({ userId: f.member.id, email: f.member.email, role: "co_author" })]),
    };
  },
  "GET /api/v1/books/{bookId}/activity": async (owner) => {
    const f = await activityFixture(owner);
    return { path: `/api/v1/books/${f.book.id}/activity?days=7`, snapshot: f.snapshot, afterSuccess: async (data) => expectFixtureActivity(data, owner, f) };
  },
  "POST /api/v1/books/{bookId}/members": async (owner) => {
    const f = await membersFixture(owner);
    const newcomer = await signUp("newcomer");
    return {
      path: `/api/v1/books/${f.book.id}/members`,
      body: { email: newcomer.email, role: "editor" },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ userId: newcomer.id, role: "editor" });
        expect(await roleOf(owner, f.book.id, newcomer.id)).toBe("editor");
      },
    };
  },
  "PATCH /api/v1/books/{bookId}/members/{userId}": async (owner) => {
    const f = await membersFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/members/${f.member.id}`,
      body: { role: "viewer" },
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toMatchObject({ userId: f.member.id, role: "viewer" });
        expect(await roleOf(owner, f.book.id, f.member.id)).toBe("viewer");
      },
    };
  },
  "DELETE /api/v1/books/{bookId}/members/{userId}": async (owner) => {
    const f = await membersFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/members/${f.member.id}`,
      snapshot: f.snapshot,
      afterSuccess: async () => {
        expect(await roleOf(owner, f.book.id, f.member.id)).toBeUndefined();
        expect((await get(`/api/v1/books/${f.book.id}`, f.member.token)).status).toBe(403);
      },
    };
  },
};

/** The tRPC matrix's fixtures for the members procedures. */
export const MEMBERS_TRPC_CASES: Record<string, PrepareCall> = {
  "members.list": async (owner) => {
    const f = await membersFixture(owner);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as { role: string }[]).map((m) => m.role)).toEqual(["owner", "co_author"]),
    };
  },
  "members.activity": async (owner) => {
    const f = await activityFixture(owner);
    return { input: { bookId: f.book.id }, stranger: "forbidden", snapshot: f.snapshot, afterSuccess: async (data) => expectFixtureActivity(data, owner, f) };
  },
  "members.add": async (owner) => {
    const f = await membersFixture(owner);
    const newcomer = await signUp("newcomer");
    return {
      input: { bookId: f.book.id, email: newcomer.email, role: "beta_reader" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async () => expect(await roleOf(owner, f.book.id, newcomer.id)).toBe("beta_reader"),
    };
  },
  "members.update": async (owner) => {
    const f = await membersFixture(owner);
    return {
      input: { bookId: f.book.id, userId: f.member.id, role: "editor" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async () => expect(await roleOf(owner, f.book.id, f.member.id)).toBe("editor"),
    };
  },
  "members.remove": async (owner) => {
    const f = await membersFixture(owner);
    return {
      input: { bookId: f.book.id, userId: f.member.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        expect(data).toEqual({ removed: true });
        expect(await roleOf(owner, f.book.id, f.member.id)).toBeUndefined();
      },
    };
  },
};
