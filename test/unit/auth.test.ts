// @module-tag postgres
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { login } from "@/server/auth/login";
import { hitRateLimit } from "@/server/auth/rate-limit";
import { refresh } from "@/server/auth/refresh";
import { revokeCurrentToken } from "@/server/auth/revoke";
import { principalFromAccessToken } from "@/server/auth/tokens";
import { sql } from "@/server/db";
import { secrets } from "@/server/env";
import { createToken } from "@/server/tokens/create-token";
import { deleteToken } from "@/server/tokens/delete-token";
import { listTokens } from "@/server/tokens/list-tokens";
import { createUser, createUserInput } from "@/server/users/create-user";

const password = "correct horse battery";
let n = 0;
async function account(role?: "admin") {
  n += 1;
  const email = `user${n}@example.com`;
  const user = await createUser({ email, password, name: `User ${n}` }, null, null);
  if (role) expect(user.role).toBe(role);
  return { user, email };
}

describe("sign-up", () => {
  it("makes the first user admin and later ones writers, and refuses a taken e-mail", async () => {
    const first = await account("admin");
    const second = await account();
    expect(second.user.role).toBe("writer");
    // Transports parse with the schema, which folds case: the same address in capitals is taken.
    const shouted = createUserInput.parse({ email: ` ${first.email.toUpperCase()} `, password });
    await expect(createUser(shouted, null, null)).rejects.toMatchObject({
      code: "email_taken",
      status: 409,
    });
    const stored = await sql.selectFrom("User").selectAll().where("id", "=", first.user.id).executeTakeFirstOrThrow();
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe("login, refresh and revoke", () => {
  it("issues a pair whose access token resolves to the user with the asked scopes", async () => {
    const { user, email } = await account();
    const pair = await login({ email, password, scopes: ["read:books"] }, null);
    expect(pair).toMatchObject({ token_type: "Bearer", expires_in: 30 * 24 * 3600, scope: "read:books" });
    const principal = await principalFromAccessToken(pair.access_token, "203.0.113.9");
    expect(principal).toMatchObject({ userId: user.id, tokenId: expect.any(String) });
    expect([...principal.scopes]).toEqual(["read:books"]);
    const [row] = await sql.selectFrom("Token").selectAll().where("userId", "=", user.id).execute();
    expect(row).toMatchObject({ lastUsedFrom: "203.0.113.9" });
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("refuses a wrong password, and a writer asking for the admin scope", async () => {
    const { email } = await account();
    await expect(login({ email, password: "wrong password" }, null)).rejects.toMatchObject({ code: "invalid_credentials", status: 401 });
    await expect(login({ email: "nobody@example.com", password }, null)).rejects.toMatchObject({ code: "invalid_credentials" });
    await expect(login({ email, password, scopes: ["admin"] }, null)).rejects.toMatchObject({ code: "insufficient_scope" });
  });

  it("rotates on refresh: the old pair stops working, the new one works", async () => {
    const { user, email } = await account();
    const old = await login({ email, password }, null);
    const fresh = await refresh({ refresh_token: old.refresh_token });
    await expect(principalFromAccessToken(old.access_token, null)).rejects.toMatchObject({ code: "token_revoked", status: 401 });
    await expect(principalFromAccessToken(fresh.access_token, null)).resolves.toMatchObject({ userId: user.id, tokenId: expect.any(String) });
    expect(fresh.scope).toBe(old.scope);
  });

  it("treats a reused refresh token as stolen and revokes the whole family", async () => {
    const { email } = await account();
    const old = await login({ email, password }, null);
    const fresh = await refresh({ refresh_token: old.refresh_token });
    await expect(refresh({ refresh_token: old.refresh_token })).rejects.toMatchObject({ code: "refresh_token_reused", status: 401 });
    await expect(principalFromAccessToken(fresh.access_token, null)).rejects.toMatchObject({ code: "token_revoked" });
    await expect(refresh({ refresh_token: fresh.refresh_token })).rejects.toMatchObject({ code: "token_revoked" });
  });

  it("lets only one of two racing refreshes win", async () => {
    const { email } = await account();
    const old = await login({ email, password }, null);
    const results = await Promise.allSettled([refresh({ refresh_token: old.refresh_token }), refresh({ refresh_token: old.refresh_token })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("revokes the presenting token at once", async () => {
    const { email } = await account();
    const pair = await login({ email, password }, null);
    const principal = await principalFromAccessToken(pair.access_token, null);
    await revokeCurrentToken(principal);
    await expect(principalFromAccessToken(pair.access_token, null)).rejects.toMatchObject({ code: "token_revoked" });
    await expect(refresh({ refresh_token: pair.refresh_token })).rejects.toMatchObject({ code: "token_revoked" });
  });

  it("refuses expired, forged and unknown tokens", async () => {
    const { user } = await account();
    const key = new TextEncoder().encode(secrets().jwtSecret);
    const expired = await new SignJWT({ scope: "read:books" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("inkstone")
      .setSubject(user.id)
      .setJti("whatever")
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    await expect(principalFromAccessToken(expired, null)).rejects.toMatchObject({ code: "token_expired", status: 401 });
    const forged = await new SignJWT({ scope: "admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("inkstone")
      .setSubject(user.id)
      .setJti("x")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another secret that is long enough to sign"));
    await expect(principalFromAccessToken(forged, null)).rejects.toMatchObject({ code: "invalid_token" });
    const unknown = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setIssuer("inkstone").setSubject(user.id).setJti("never-issued").setExpirationTime("1h").sign(key);
    await expect(principalFromAccessToken(unknown, null)).rejects.toMatchObject({ code: "token_revoked" });
    await expect(principalFromAccessToken("not.a.jwt", null)).rejects.toMatchObject({ code: "invalid_token" });
  });
});

describe("personal tokens", () => {
  it("never grants more than the minting credential holds", async () => {
    const { email } = await account();
    const narrow = await principalFromAccessToken((await login({ email, password, scopes: ["read:books"] }, null)).access_token, null);
    await expect(createToken({ name: "wider", scopes: ["read:books", "write:books"] }, narrow)).rejects.toMatchObject({
      code: "insufficient_scope",
      status: 403,
    });
    const made = await createToken({ name: "reader", scopes: ["read:books"] }, narrow);
    expect(made.token).toMatchObject({ name: "reader", kind: "personal", scopes: ["read:books"], current: false });
    const principal = await principalFromAccessToken(made.access_token, null);
    expect([...principal.scopes]).toEqual(["read:books"]);
  });

  it("lets an admin-scoped credential hand out any narrower scope", async () => {
    const admin = await principalFromAccessToken((await login({ email: "user1@example.com", password, scopes: ["admin"] }, null)).access_token, null);
    const made = await createToken({ name: "reader", scopes: ["read:books"] }, admin);
    expect(made.token.scopes).toEqual(["read:books"]);
  });

  it("lists working tokens and revokes one by id, only the owner's", async () => {
    const { email } = await account();
    const other = await account();
    const me = await principalFromAccessToken((await login({ email, password }, null)).access_token, null);
    const them = await principalFromAccessToken((await login({ email: other.email, password }, null)).access_token, null);
    const made = await createToken({ name: "ci", scopes: ["read:books"] }, me);

    const listed = await listTokens(me);
    expect(listed.map((t) => [t.name, t.kind, t.current])).toEqual([
      ["ci", "personal", false],
      ["login", "login", true],
    ]);
    await expect(deleteToken({ tokenId: made.token.id }, them)).rejects.toMatchObject({ code: "not_found" });
    await deleteToken({ tokenId: made.token.id }, me);
    await expect(principalFromAccessToken(made.access_token, null)).rejects.toMatchObject({ code: "token_revoked" });
    expect((await listTokens(me)).map((t) => t.name)).toEqual(["login"]);
  });
});

describe("the token list", () => {
  it("keeps a login whose access token expired while its refresh token still works, so it can be revoked", async () => {
    const { email } = await account();
    const pair = await login({ email, password, name: "old laptop" }, null);
    const me = await principalFromAccessToken((await login({ email, password, name: "today" }, null)).access_token, null);
    await sql.updateTable("Token").set({ expiresAt: new Date(Date.now() - 1000) }).where("name", "=", "old laptop").execute();
    expect((await listTokens(me)).map((t) => t.name)).toContain("old laptop");
    await expect(refresh({ refresh_token: pair.refresh_token })).resolves.toMatchObject({ token_type: "Bearer" });
  });
});

describe("rate limiting", () => {
  it("answers 429 with Retry-After once the window is full, per key", async () => {
    for (let i = 0; i < 3; i++) await hitRateLimit("test:a", 3, 60);
    await expect(hitRateLimit("test:a", 3, 60)).rejects.toMatchObject({ code: "rate_limited", status: 429, retryAfter: expect.any(Number) });
    await expect(hitRateLimit("test:b", 3, 60)).resolves.toBeUndefined();
  });
});

describe("token lineage", () => {
  const bearer = async (token: string) => principalFromAccessToken(token, null);
  const mint = async (parent: string, name: string) => (await createToken({ name, scopes: ["read:books"] }, await bearer(parent))).access_token;

  it("revokes every token minted below a login, to any depth, when the login is revoked", async () => {
    const { user, email } = await account();
    const pair = await login({ email, password }, null);
    const child = await mint(pair.access_token, "child");
    const grandchild = await mint(child, "grandchild");
    const unrelated = await mint((await login({ email, password }, null)).access_token, "other login's");
    await revokeCurrentToken(await bearer(pair.access_token));
    await expect(bearer(child)).rejects.toMatchObject({ code: "token_revoked" });
    await expect(bearer(grandchild)).rejects.toMatchObject({ code: "token_revoked" });
    await expect(bearer(unrelated)).resolves.toMatchObject({ userId: user.id, scopes: new Set(["read:books"]) });
  });

  it("keeps minted tokens through a rotation, and ends them with the login's family", async () => {
    const { user, email } = await account();
    const first = await login({ email, password }, null);
    const child = await mint(first.access_token, "child");
    const second = await refresh({ refresh_token: first.refresh_token });
    await expect(bearer(child)).resolves.toMatchObject({ userId: user.id, scopes: new Set(["read:books"]) });
    await expect(refresh({ refresh_token: first.refresh_token })).rejects.toMatchObject({ code: "refresh_token_reused" });
    await expect(bearer(second.access_token)).rejects.toMatchObject({ code: "token_revoked" });
    await expect(bearer(child)).rejects.toMatchObject({ code: "token_revoked" });
  });

  it("revoking a personal token by id revokes what it minted, not its parent", async () => {
    const { email } = await account();
    const pair = await login({ email, password }, null);
    const me = await bearer(pair.access_token);
    const child = await createToken({ name: "child", scopes: ["read:books"] }, me);
    const grandchild = await mint(child.access_token, "grandchild");
    await deleteToken({ tokenId: child.token.id }, me);
    await expect(bearer(grandchild)).rejects.toMatchObject({ code: "token_revoked" });
    await expect(bearer(pair.access_token)).resolves.toEqual(me);
  });

  it("never lets a minted token outlive the token that minted it, however long the chain", async () => {
    const { email, user } = await account();
    const pair = await login({ email, password }, null);
    const soon = new Date(Date.now() + 3_600_000);
    await sql.updateTable("Token").set({ expiresAt: soon }).where("userId", "=", user.id).execute();
    const child = await createToken({ name: "child", scopes: ["read:books"] }, await bearer(pair.access_token));
    expect(child.token.expiresAt).toBe(soon.toISOString());
    expect(child.expires_in).toBeLessThanOrEqual(3600);
    const grandchild = await createToken({ name: "grandchild", scopes: ["read:books"] }, await bearer(child.access_token));
    expect(grandchild.token.expiresAt).toBe(soon.toISOString());
  });

  it("gives a token made in a browser session a life of its own, and refuses a minting token revoked meanwhile", async () => {
    const { email, user } = await account();
    const session = { userId: user.id, scopes: new Set(["read:books" as const]), tokenId: null };
    const made = await createToken({ name: "from the page", scopes: ["read:books"] }, session);
    expect(made.expires_in).toBe(30 * 24 * 3600);
    const pair = await login({ email, password }, null);
    const stale = await bearer(pair.access_token);
    await revokeCurrentToken(stale);
    await expect(createToken({ name: "late", scopes: ["read:books"] }, stale)).rejects.toMatchObject({ code: "token_revoked" });
    expect(await sql.selectFrom("Token").select("id").where("userId", "=", user.id).where("name", "=", "late").execute()).toEqual([]);
  });
});
