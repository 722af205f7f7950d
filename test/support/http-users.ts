import { decodeJwt, SignJWT } from "jose";
import { expect, inject } from "vitest";
import type { Scope } from "@/server/auth/scopes";
import { expectSuccess, get, post } from "./http-client";

export const PASSWORD = "a long enough password";

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: "Bearer";
  expires_in: number;
  scope: string;
}

export interface Account {
  id: string;
  email: string;
  password: string;
  role: "writer" | "admin";
  /** a full login's access token (every scope the role allows) */
  token: string;
  refreshToken: string;
}

let counter = 0;

/** An e-mail no other test (in any file, in any run against this database) uses. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${counter}@example.test`;
}

export async function login(email: string, password: string, extra: { scopes?: Scope[] | string; name?: string } = {}): Promise<TokenPair> {
  return expectSuccess(await post("/auth/login", null, { email, password, ...extra }), 200);
}

/** Signs a new writer up through the API and signs them in. */
export async function signUp(label = "writer"): Promise<Account> {
  const email = uniqueEmail(label);
  const user = expectSuccess(await post("/api/v1/users", null, { email, password: PASSWORD, name: label }), 201);
  const pair = await login(email, PASSWORD);
  return { id: user.id, email, password: PASSWORD, role: user.role, token: pair.access_token, refreshToken: pair.refresh_token };
}

/** The admin that test/support/server.ts signed up first. */
export async function signInAdmin(): Promise<Account> {
  const { email, password } = inject("admin");
  const pair = await login(email, password);
  const me = expectSuccess(await get("/api/v1/users/me", pair.access_token), 200);
  expect(me.role).toBe("admin");
  return { id: me.id, email, password, role: "admin", token: pair.access_token, refreshToken: pair.refresh_token };
}

/** A named personal token with these scopes, minted with `token`. */
export async function mintToken(token: string, scopes: Scope[], name = "test token"): Promise<{ id: string; token: string }> {
  const created = expectSuccess(await post("/api/v1/tokens", token, { name, scopes }), 201);
  return { id: created.token.id, token: created.access_token };
}

/** The same token as `token` (same user, same jti), signed with the server's secret but expired an hour ago. */
export async function expiredCopy(token: string): Promise<string> {
  const claims = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: claims.scope })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer("inkstone")
    .setSubject(claims.sub!)
    .setJti(claims.jti!)
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(new TextEncoder().encode(inject("jwtSecret")));
}

/** A token that was revoked with POST /auth/revoke. */
export async function revokedToken(email: string, password: string): Promise<string> {
  const pair = await login(email, password);
  expectSuccess(await post("/auth/revoke", pair.access_token), 200);
  return pair.access_token;
}

/** A pair rotated once: the old access token, and the new pair. */
export async function rotatedPair(email: string, password: string): Promise<{ old: TokenPair; next: TokenPair }> {
  const old = await login(email, password);
  const next = expectSuccess(await post("/auth/refresh", null, { refresh_token: old.refresh_token }), 200) as TokenPair;
  return { old, next };
}
