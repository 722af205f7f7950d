import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectFailure, expectSuccess, get, post, del } from "../support/http-client";
import { login, mintToken, PASSWORD, signInAdmin, signUp, uniqueEmail, type Account, type TokenPair } from "../support/http-users";

const refresh = (refreshToken: string) => post("/auth/refresh", null, { refresh_token: refreshToken });

let writer: Account;
beforeAll(async () => {
  writer = await signUp("auth-flows");
});

describe("sign-up", () => {
  it("made the database's first account an admin, and makes later ones writers", async () => {
    const admin = await signInAdmin();
    expect(decodeJwt(admin.token).scope).toBe("read:books write:books read:analysis write:analysis webhooks admin");
    const email = uniqueEmail("second");
    const user = expectSuccess(await post("/api/v1/users", null, { email, password: PASSWORD, name: "Second" }), 201);
    expect(user).toEqual({ id: expect.any(String), email, name: "Second", role: "writer", locale: null, createdAt: expect.any(String) });
    expect(user).not.toHaveProperty("passwordHash");
  });

  it("refuses an e-mail that is taken (in any letter case) with 409 email_taken", async () => {
    const details = expectFailure(await post("/api/v1/users", null, { email: writer.email.toUpperCase(), password: "another password" }), 409, "email_taken");
    expect(details).toEqual([{ path: "email", message: expect.any(String), code: "custom", key: "emailTaken" }]);
    // the original password still works: nothing was overwritten
    await login(writer.email, PASSWORD);
  });

  it("refuses a short password with 422 and a per-field detail", async () => {
    const details = expectFailure(await post("/api/v1/users", null, { email: uniqueEmail("short"), password: "short" }), 422, "validation_failed");
    expect(details).toEqual([{ path: "password", message: expect.any(String), code: "too_small", origin: "string", minimum: 8, inclusive: true }]);
  });
});

describe("POST /auth/login", () => {
  it("answers a token pair with every scope a writer may hold", async () => {
    const pair = await login(writer.email, PASSWORD);
    expect(pair).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 30 * 24 * 60 * 60,
      scope: "read:books write:books read:analysis write:analysis webhooks",
    });
    const claims = decodeJwt(pair.access_token);
    expect(claims).toMatchObject({ iss: "inkstone", sub: writer.id, scope: pair.scope, jti: expect.any(String) });
    expect(claims.exp! - claims.iat!).toBe(30 * 24 * 60 * 60);
  });

  it("refuses a wrong password, and an unknown e-mail, alike with 401 invalid_credentials", async () => {
    expectFailure(await post("/auth/login", null, { email: writer.email, password: "wrong password" }), 401, "invalid_credentials");
    expectFailure(await post("/auth/login", null, { email: uniqueEmail("nobody"), password: PASSWORD }), 401, "invalid_credentials");
  });

  it("grants only the scopes asked for (array or space-separated string)", async () => {
    expect((await login(writer.email, PASSWORD, { scopes: ["read:books"] })).scope).toBe("read:books");
    expect((await login(writer.email, PASSWORD, { scopes: "read:books read:analysis" })).scope).toBe("read:books read:analysis");
  });

  it("never lets a writer log in with the admin scope: 403 insufficient_scope", async () => {
    const details = expectFailure(
      await post("/auth/login", null, { email: writer.email, password: PASSWORD, scopes: ["read:books", "admin"] }),
      403,
      "insufficient_scope",
    );
    expect(details).toEqual({ missing: ["admin"] });
  });

  it("refuses an unknown scope with 422", async () => {
    expectFailure(await post("/auth/login", null, { email: writer.email, password: PASSWORD, scopes: ["root"] }), 422, "validation_failed");
  });
});

describe("POST /auth/refresh", () => {
  it("rotates: the new pair works, the old access and refresh tokens stop working", async () => {
    const old = await login(writer.email, PASSWORD, { scopes: ["read:books"] });
    const next: TokenPair = expectSuccess(await refresh(old.refresh_token), 200);
    expect(next.access_token).not.toBe(old.access_token);
    expect(next.refresh_token).not.toBe(old.refresh_token);
    expect(next.scope).toBe("read:books");
    expectSuccess(await get("/api/v1/users/me", next.access_token), 200);
    expectFailure(await get("/api/v1/users/me", old.access_token), 401, "token_revoked");
  });

  it("treats reuse of an old refresh token as a leak: 401, and the new pair of that family is revoked too", async () => {
    const first = await login(writer.email, PASSWORD);
    const second: TokenPair = expectSuccess(await refresh(first.refresh_token), 200);
    const third: TokenPair = expectSuccess(await refresh(second.refresh_token), 200);
    expectFailure(await refresh(first.refresh_token), 401, "refresh_token_reused");
    expectFailure(await get("/api/v1/users/me", third.access_token), 401, "token_revoked");
    expectFailure(await refresh(third.refresh_token), 401, "token_revoked");
    // other logins of the same writer are another family and keep working
    expectSuccess(await get("/api/v1/users/me", writer.token), 200);
  });

  it("refuses an unknown refresh token with 401 invalid_token", async () => {
    expectFailure(await refresh("no-such-refresh-token"), 401, "invalid_token");
    expectFailure(await refresh(writer.refreshToken.replace(/^./, (c) => (c === "A" ? "B" : "A"))), 401, "invalid_token");
  });

  it("answers on the /v1/auth/refresh alias the same way", async () => {
    const pair = await login(writer.email, PASSWORD);
    const next: TokenPair = expectSuccess(await post("/v1/auth/refresh", null, { refresh_token: pair.refresh_token }), 200);
    expectSuccess(await get("/api/v1/users/me", next.access_token), 200);
    expectFailure(await post("/v1/auth/refresh", null, { refresh_token: pair.refresh_token }), 401, "refresh_token_reused");
  });
});

describe("POST /auth/revoke", () => {
  it("stops the token on the very next request, and its refresh token with it", async () => {
    const pair = await login(writer.email, PASSWORD);
    expect(expectSuccess(await post("/auth/revoke", pair.access_token), 200)).toEqual({ revoked: true });
    expectFailure(await get("/api/v1/users/me", pair.access_token), 401, "token_revoked");
    expectFailure(await refresh(pair.refresh_token), 401, "token_revoked");
    expectFailure(await post("/auth/revoke", pair.access_token), 401, "token_revoked");
  });

  it("revokes a personal token too", async () => {
    const personal = await mintToken(writer.token, ["read:books"]);
    expectSuccess(await post("/auth/revoke", personal.token), 200);
    expectFailure(await get("/api/v1/books", personal.token), 401, "token_revoked");
  });
});

describe("personal tokens", () => {
  it("are never minted with a scope the minting credential lacks: 403 insufficient_scope", async () => {
    const reader = await login(writer.email, PASSWORD, { scopes: ["read:books"] });
    const before = expectSuccess(await get("/api/v1/tokens", writer.token), 200).length;
    const details = expectFailure(
      await post("/api/v1/tokens", reader.access_token, { name: "escalate", scopes: ["read:books", "write:books"] }),
      403,
      "insufficient_scope",
    );
    expect(details).toEqual({ missing: ["write:books"] });
    expectFailure(await post("/api/v1/tokens", writer.token, { name: "admin", scopes: ["admin"] }), 403, "insufficient_scope");
    expect(expectSuccess(await get("/api/v1/tokens", writer.token), 200)).toHaveLength(before);
  });

  it("are shown once, listed with their scopes, and carry exactly those scopes", async () => {
    const created = expectSuccess(await post("/api/v1/tokens", writer.token, { name: "CI export", scopes: "read:books" }), 201);
    expect(created).toEqual({
      token: expect.objectContaining({ name: "CI export", kind: "personal", scopes: ["read:books"], lastUsedAt: null, current: false }),
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: expect.any(Number),
    });
    // minted by a login token, it ends when that token does (at most 30 days from now)
    expect(decodeJwt(created.access_token).exp).toBe(decodeJwt(writer.token).exp);
    expect(created.expires_in).toBeLessThanOrEqual(30 * 24 * 60 * 60);
    expect(created.expires_in).toBeGreaterThan(30 * 24 * 60 * 60 - 600);
    expectSuccess(await get("/api/v1/books", created.access_token), 200);
    expectFailure(await post("/api/v1/books", created.access_token, { title: "No" }), 403, "insufficient_scope");
    const listed = expectSuccess(await get("/api/v1/tokens", writer.token), 200);
    expect(listed.find((t: { id: string }) => t.id === created.token.id)).toMatchObject({ name: "CI export", scopes: ["read:books"] });
    expect(JSON.stringify(listed)).not.toContain(created.access_token);
  });

  it("record the last-used time and address, shown on GET /api/v1/tokens", async () => {
    const personal = await mintToken(writer.token, ["read:books"], "last used");
    const startedAt = Date.now();
    expectSuccess(await get("/api/v1/books", personal.token, { "x-forwarded-for": "203.0.113.7" }), 200);
    const listed = expectSuccess(await get("/api/v1/tokens", writer.token), 200);
    const row = listed.find((t: { id: string }) => t.id === personal.id);
    expect(row.lastUsedFrom).toBe("203.0.113.7");
    expect(Date.parse(row.lastUsedAt)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(Date.parse(row.lastUsedAt)).toBeLessThanOrEqual(Date.now() + 1000);
    const own = expectSuccess(await get("/api/v1/tokens", personal.token), 200).find((t: { current: boolean }) => t.current);
    expect(own.id).toBe(personal.id);
  });

  it("DELETE /api/v1/tokens/{id} revokes it at once; it leaves the list; a second delete is 404", async () => {
    const personal = await mintToken(writer.token, ["read:books"], "to revoke");
    expectSuccess(await get("/api/v1/users/me", personal.token), 200);
    expectSuccess(await del(`/api/v1/tokens/${personal.id}`, writer.token), 204);
    expectFailure(await get("/api/v1/users/me", personal.token), 401, "token_revoked");
    const listed = expectSuccess(await get("/api/v1/tokens", writer.token), 200);
    expect(listed.map((t: { id: string }) => t.id)).not.toContain(personal.id);
    expectFailure(await del(`/api/v1/tokens/${personal.id}`, writer.token), 404, "not_found");
  });

  it("deleting a login's token stops its refresh token too", async () => {
    const pair = await login(writer.email, PASSWORD, { name: "to delete" });
    const mine = expectSuccess(await get("/api/v1/tokens", pair.access_token), 200).find((t: { current: boolean }) => t.current);
    expectSuccess(await del(`/api/v1/tokens/${mine.id}`, writer.token), 204);
    expectFailure(await refresh(pair.refresh_token), 401, "token_revoked");
  });

  it("a login lists itself and its own scopes; a revoked login leaves the list", async () => {
    const pair = await login(writer.email, PASSWORD, { scopes: ["read:books"], name: "laptop" });
    const mine = expectSuccess(await get("/api/v1/tokens", pair.access_token), 200).find((t: { current: boolean }) => t.current);
    expect(mine).toMatchObject({ name: "laptop", kind: "login", scopes: ["read:books"] });
    expectSuccess(await post("/auth/revoke", pair.access_token), 200);
    const after = expectSuccess(await get("/api/v1/tokens", writer.token), 200);
    expect(after.map((t: { id: string }) => t.id)).not.toContain(mine.id);
  });
});

it("answers a malformed login body with 400/422 in the envelope, never 500", async () => {
  expectFailure(await call("POST", "/auth/login", { body: "{", headers: { "content-type": "application/json" } }), 400, "malformed_json");
  expectFailure(await post("/auth/login", null, { email: "not-an-email", password: "" }), 422, "validation_failed");
});
