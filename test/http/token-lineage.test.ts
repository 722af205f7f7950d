// @module-tag postgres
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { del, expectFailure, expectSuccess, get, post } from "../support/http-client";
import { login, mintToken, PASSWORD, signUp, type Account, type TokenPair } from "../support/http-users";

const refresh = (refreshToken: string) => post("/auth/refresh", null, { refresh_token: refreshToken });
const works = async (token: string) => expectSuccess(await get("/api/v1/users/me", token), 200);
const revoked = async (token: string) => expectFailure(await get("/api/v1/users/me", token), 401, "token_revoked");

let writer: Account;
beforeAll(async () => {
  writer = await signUp("lineage");
});

describe("a token minted by another token dies with its parent's family", () => {
  it("when the minting login is revoked: its tokens, and the tokens they minted, stop", async () => {
    const pair = await login(writer.email, PASSWORD);
    const child = await mintToken(pair.access_token, ["read:books"], "child");
    const grandchild = await mintToken(child.token, ["read:books"], "grandchild");
    expectSuccess(await post("/auth/revoke", pair.access_token), 200);
    await revoked(child.token);
    await revoked(grandchild.token);
    await works(writer.token);
  });

  it("when the login's family is revoked for refresh-token reuse, even after a normal rotation kept them", async () => {
    const first = await login(writer.email, PASSWORD);
    const child = await mintToken(first.access_token, ["read:books"], "child");
    const second: TokenPair = expectSuccess(await refresh(first.refresh_token), 200);
    await works(child.token);
    expectFailure(await refresh(first.refresh_token), 401, "refresh_token_reused");
    await revoked(second.access_token);
    await revoked(child.token);
  });

  it("when the login's newest pair is revoked by id with DELETE /api/v1/tokens/{id}", async () => {
    const first = await login(writer.email, PASSWORD, { name: "rotated laptop" });
    const child = await mintToken(first.access_token, ["read:books"], "child");
    const second: TokenPair = expectSuccess(await refresh(first.refresh_token), 200);
    const current = expectSuccess(await get("/api/v1/tokens", second.access_token), 200).find((t: { current: boolean }) => t.current);
    expectSuccess(await post("/api/v1/tokens", writer.token, { name: "bystander", scopes: ["read:books"] }), 201);
    expectSuccess(await del(`/api/v1/tokens/${current.id}`, writer.token), 204);
    await revoked(child.token);
    await works(writer.token);
  });

  it("when the personal token that minted it is revoked, while the login above lives on", async () => {
    const pair = await login(writer.email, PASSWORD);
    const child = await mintToken(pair.access_token, ["read:books"], "child");
    const grandchild = await mintToken(child.token, ["read:books"], "grandchild");
    expectSuccess(await post("/auth/revoke", child.token), 200);
    await revoked(grandchild.token);
    await works(pair.access_token);
  });
});

describe("a minted token never outlives the token that minted it", () => {
  it("expires with its parent, however long the chain, in the list and in the JWT", async () => {
    const pair = await login(writer.email, PASSWORD, { name: "parent" });
    const listed = async () => expectSuccess(await get("/api/v1/tokens", pair.access_token), 200) as { name: string; expiresAt: string }[];
    const parentExpiry = (await listed()).find((t) => t.name === "parent")!.expiresAt;
    let minter = pair.access_token;
    for (const name of ["child", "grandchild", "great-grandchild"]) {
      const created = expectSuccess(await post("/api/v1/tokens", minter, { name, scopes: ["read:books"] }), 201);
      expect(created.token.expiresAt).toBe(parentExpiry);
      expect(decodeJwt(created.access_token).exp).toBe(decodeJwt(pair.access_token).exp);
      expect(created.expires_in).toBeLessThanOrEqual(30 * 24 * 60 * 60);
      minter = created.access_token;
    }
  });
});
