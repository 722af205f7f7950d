import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { Prepare, PrepareCall } from "./case-types";
import { expectSuccess, get, patch, post } from "./http-client";
import { login, signInAdmin, uniqueEmail, type Account } from "./http-users";

/**
 * A writer with a password of their own, so that nobody else's password is theirs: the matrix's
 * stranger, calling "change my password" or "delete me" with it, is told it is not theirs.
 */
async function writerOfTheirOwn(label: string): Promise<Account> {
  const email = uniqueEmail(label);
  const password = `their own password ${randomUUID()}`;
  const user = expectSuccess(await post("/api/v1/users", null, { email, password, name: label }), 201);
  const pair = await login(email, password);
  return { id: user.id, email, password, role: "writer", token: pair.access_token, refreshToken: pair.refresh_token };
}

/** Whether the account's other login still works: what a password change, a reset or a sign-out ends. */
async function signedInElsewhere(account: Account) {
  const elsewhere = await login(account.email, account.password, { name: "elsewhere" });
  return async () => (await get("/api/v1/users/me", elsewhere.access_token)).status;
}

/** A writer for the admin to act on, with what a refused call must leave as it was. */
async function targetFixture(label: string) {
  const [admin, target] = await Promise.all([signInAdmin(), writerOfTheirOwn(label)]);
  const elsewhere = await signedInElsewhere(target);
  const account = async () => {
    const response = await get(`/api/v1/users/${target.id}`, admin.token);
    return { status: response.status, body: response.body };
  };
  return { admin, target, snapshot: async () => ({ account: await account(), elsewhere: await elsewhere() }) };
}

const NEW_PASSWORD = "a new password for the matrix";

/** The credential matrix's fixtures for the account endpoints (issue 34 item 6, decision 0483). */
export const ACCOUNTS_CASES: Record<string, Prepare> = {
  "PUT /api/v1/users/me/password": async () => {
    const writer = await writerOfTheirOwn("changes-password");
    const elsewhere = await signedInElsewhere(writer);
    return {
      path: "/api/v1/users/me/password",
      body: { currentPassword: writer.password, newPassword: NEW_PASSWORD },
      as: writer,
      snapshot: elsewhere,
      async afterSuccess(data, token) {
        expect(data).toEqual({ revokedTokens: expect.any(Number), endedSessions: 0 });
        expect(await elsewhere()).toBe(401);
        expect((await get("/api/v1/users/me", token)).status).toBe(200);
        await login(writer.email, NEW_PASSWORD);
      },
    };
  },
  "DELETE /api/v1/users/me": async () => {
    const f = await targetFixture("deletes-self");
    return {
      path: "/api/v1/users/me",
      body: { password: f.target.password },
      as: f.target,
      snapshot: f.snapshot,
      async afterSuccess() {
        expect((await get(`/api/v1/users/${f.target.id}`, f.admin.token)).status).toBe(404);
      },
    };
  },
  "GET /api/v1/users": async () => {
    const f = await targetFixture("listed-disabled");
    expectSuccess(await patch(`/api/v1/users/${f.target.id}`, f.admin.token, { disabled: true }), 201);
    return {
      path: "/api/v1/users?role=writer&disabled=true&per_page=100",
      as: f.admin,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toContainEqual(expect.objectContaining({ id: f.target.id, disabledAt: expect.any(String), books: 0 })),
    };
  },
  "GET /api/v1/users/{userId}": async () => {
    const f = await targetFixture("read-by-admin");
    return {
      path: `/api/v1/users/${f.target.id}`,
      as: f.admin,
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.target.id, email: f.target.email, role: "writer", disabledAt: null }),
    };
  },
  "PATCH /api/v1/users/{userId}": async () => {
    const f = await targetFixture("disabled-by-admin");
    return {
      path: `/api/v1/users/${f.target.id}`,
      body: { disabled: true },
      as: f.admin,
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: f.target.id, disabledAt: expect.any(String) });
        expect((await post("/auth/login", null, { email: f.target.email, password: f.target.password })).status).toBe(403);
      },
    };
  },
  "DELETE /api/v1/users/{userId}": async () => {
    const f = await targetFixture("deleted-by-admin");
    return {
      path: `/api/v1/users/${f.target.id}`,
      as: f.admin,
      snapshot: f.snapshot,
      afterSuccess: async () => expect((await get(`/api/v1/users/${f.target.id}`, f.admin.token)).status).toBe(404),
    };
  },
  "POST /api/v1/users/{userId}/password-reset": async () => {
    const f = await targetFixture("reset-by-admin");
    return {
      path: `/api/v1/users/${f.target.id}/password-reset`,
      as: f.admin,
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect((await f.snapshot()).elsewhere).toBe(401);
        await login(f.target.email, (data as { temporaryPassword: string }).temporaryPassword);
      },
    };
  },
  "POST /api/v1/users/{userId}/sign-out": async () => {
    const f = await targetFixture("signed-out-by-admin");
    return {
      path: `/api/v1/users/${f.target.id}/sign-out`,
      as: f.admin,
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toEqual({ revokedTokens: 2, endedSessions: 0 });
        expect((await f.snapshot()).elsewhere).toBe(401);
      },
    };
  },
};

/** The tRPC matrix's fixtures for the account procedures. */
export const ACCOUNTS_TRPC_CASES: Record<string, PrepareCall> = {
  "users.changePassword": async () => {
    const writer = await writerOfTheirOwn("trpc-changes-password");
    const elsewhere = await signedInElsewhere(writer);
    return {
      input: { currentPassword: writer.password, newPassword: NEW_PASSWORD },
      as: writer,
      stranger: "validation_failed",
      snapshot: elsewhere,
      async afterSuccess() {
        expect(await elsewhere()).toBe(401);
        await login(writer.email, NEW_PASSWORD);
      },
    };
  },
  "users.deleteSelf": async () => {
    const f = await targetFixture("trpc-deletes-self");
    return {
      input: { password: f.target.password },
      as: f.target,
      stranger: "validation_failed",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toEqual({ deleted: true });
        expect((await get(`/api/v1/users/${f.target.id}`, f.admin.token)).status).toBe(404);
      },
    };
  },
  "users.list": async () => {
    const f = await targetFixture("trpc-listed");
    return {
      input: { role: "writer", sortBy: "createdAt", order: "desc", perPage: 100 },
      as: f.admin,
      stranger: "insufficient_scope",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect((data as { items: unknown[] }).items).toContainEqual(expect.objectContaining({ id: f.target.id })),
    };
  },
  "users.get": async () => {
    const f = await targetFixture("trpc-read");
    return {
      input: { userId: f.target.id },
      as: f.admin,
      stranger: "insufficient_scope",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.target.id, books: 0 }),
    };
  },
  "users.update": async () => {
    const f = await targetFixture("trpc-disabled");
    return {
      input: { userId: f.target.id, disabled: true },
      as: f.admin,
      stranger: "insufficient_scope",
      snapshot: f.snapshot,
      afterSuccess: async (data) => expect(data).toMatchObject({ id: f.target.id, disabledAt: expect.any(String) }),
    };
  },
  "users.delete": async () => {
    const f = await targetFixture("trpc-deleted");
    return {
      input: { userId: f.target.id },
      as: f.admin,
      stranger: "insufficient_scope",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toEqual({ deleted: true });
        expect((await get(`/api/v1/users/${f.target.id}`, f.admin.token)).status).toBe(404);
      },
    };
  },
  "users.resetPassword": async () => {
    const f = await targetFixture("trpc-reset");
    return {
      input: { userId: f.target.id },
      as: f.admin,
      stranger: "insufficient_scope",
      snapshot: f.snapshot,
      afterSuccess: async (data) => {
        await login(f.target.email, (data as { temporaryPassword: string }).temporaryPassword);
      },
    };
  },
  "users.signOut": async () => {
    const f = await targetFixture("trpc-signed-out");
    return {
      input: { userId: f.target.id },
      as: f.admin,
      stranger: "insufficient_scope",
      snapshot: f.snapshot,
      afterSuccess: async () => expect((await f.snapshot()).elsewhere).toBe(401),
    };
  },
};
