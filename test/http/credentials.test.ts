import { SignJWT, UnsecuredJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";

// ENDPOINTS is imported for its declarations only: every request goes to the real server.
import { OPERATION_SCOPES, SCOPES, type Scope } from "@/server/auth/scopes";
import type { ErrorCode } from "@/server/errors";
import { ENDPOINTS } from "@/server/http/endpoints/index";
import type { Endpoint } from "@/server/http/endpoint";
import { jobSchema } from "@/server/jobs/schemas";
import { call, expectFailure, expectSuccess, get, post, type ApiResponse } from "../support/http-client";
import type { Prepared } from "../support/case-types";
import { ENDPOINT_CASES } from "../support/http-endpoint-cases";
import { expiredCopy, login, mintToken, PASSWORD, revokedToken, rotatedPair, signUp, uniqueEmail, type Account } from "../support/http-users";

const key = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;
const guarded = ENDPOINTS.filter((endpoint) => endpoint.auth === "required");

describe("the endpoint table", () => {
  it("has a credential fixture for every endpoint that needs a credential", () => {
    expect(Object.keys(ENDPOINT_CASES).sort()).toEqual(guarded.map(key).sort());
  });

  it("serves every operation of the scope table, and names only operations in it", () => {
    const served = new Set(ENDPOINTS.map((e) => e.operation).filter((o) => o !== null));
    expect([...served].sort()).toEqual(Object.keys(OPERATION_SCOPES).sort());
  });

  it("is what the served OpenAPI document describes, path by path and method by method", async () => {
    const response = await get("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\.1\./);
    const documented = Object.entries(response.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => ["get", "post", "put", "patch", "delete"].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    // …plus the document itself, which is a plain route rather than an Endpoint
    expect(documented.sort()).toEqual([...ENDPOINTS.map(key), "GET /api/v1/openapi.json"].sort());
  });

  it("declares the contract's statuses: GET 200, POST 201, PUT/PATCH 201, DELETE 204 (token endpoints 200, as OAuth)", () => {
    const expected = { GET: 200, POST: 201, PUT: 201, PATCH: 201, DELETE: 204 } as const;
    for (const endpoint of ENDPOINTS) {
      // A conversion answers a file rather than creating a resource: 200 (202 when queued); so does
      // a dry run (…/preview), which creates nothing.
      const status = endpoint.path.startsWith("/auth/") || endpoint.success.file || endpoint.path.endsWith("/preview") ? 200 : expected[endpoint.method];
      // Work that is always queued (an account's archive) answers 202 with the job, as the contract says.
      if (endpoint.method === "POST" && endpoint.success.schema === jobSchema) expect(endpoint.success.status, key(endpoint)).toBe(202);
      else expect(endpoint.success.status, key(endpoint)).toBe(status);
    }
  });
});

let owner: Account;
let stranger: Account;
/** per required scope, a login (with `scopes`) holding every other non-admin scope */
const withoutScope = {} as Record<Scope, string>;
const bad: Record<string, string> = {};

beforeAll(async () => {
  [owner, stranger] = await Promise.all([signUp("matrix-owner"), signUp("matrix-stranger")]);
  const writerScopes = SCOPES.filter((s) => s !== "admin");
  const required: (Scope | null)[] = Object.values(OPERATION_SCOPES);
  const needed = [...new Set(required.filter((s): s is Scope => s !== null))];
  await Promise.all(
    needed.map(async (scope) => {
      const pair = await login(owner.email, PASSWORD, { scopes: writerScopes.filter((s) => s !== scope), name: `without ${scope}` });
      expect(pair.scope.split(" ")).not.toContain(scope);
      withoutScope[scope] = pair.access_token;
    }),
  );
  bad.expired = await expiredCopy(owner.token);
  bad.revoked = await revokedToken(owner.email, PASSWORD);
  bad.rotated = (await rotatedPair(owner.email, PASSWORD)).old.access_token;
  bad.foreign = await new SignJWT({ scope: "read:books" })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer("inkstone")
    .setSubject(owner.id)
    .setJti("forged")
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode("a different secret that is long enough to sign with"));
  bad.unsigned = new UnsecuredJWT({ scope: "read:books write:books" }).setIssuer("inkstone").setSubject(owner.id).setJti("unsigned").setExpirationTime("1h").encode();
});

const refusals: { name: string; authorization: () => string | undefined; error: ErrorCode }[] = [
  { name: "no credential", authorization: () => undefined, error: "unauthenticated" },
  { name: "a malformed Authorization header", authorization: () => "Token abc.def", error: "invalid_token" },
  { name: "a Bearer header without a token", authorization: () => "Bearer", error: "invalid_token" },
  { name: "a garbage token", authorization: () => "Bearer not-a-jwt", error: "invalid_token" },
  { name: "a JWT signed with another secret", authorization: () => `Bearer ${bad.foreign}`, error: "invalid_token" },
  { name: "an unsigned (alg: none) JWT", authorization: () => `Bearer ${bad.unsigned}`, error: "invalid_token" },
  { name: "an expired JWT", authorization: () => `Bearer ${bad.expired}`, error: "token_expired" },
  { name: "a revoked token", authorization: () => `Bearer ${bad.revoked}`, error: "token_revoked" },
  { name: "the old access token after a refresh", authorization: () => `Bearer ${bad.rotated}`, error: "token_revoked" },
];

function expectUnauthorized(response: ApiResponse, error: ErrorCode) {
  expectFailure(response, 401, error);
  expect(response.headers.get("www-authenticate")).toMatch(/^Bearer realm="inkstone"/);
}

for (const endpoint of guarded) {
  describe(key(endpoint), () => {
    const scope = endpoint.operation ? OPERATION_SCOPES[endpoint.operation] : null;
    // Endpoints any credential may call get one with an unrelated scope.
    const grantedScopes: Scope[] = scope ? [scope] : ["read:analysis"];
    let prepared: Prepared;
    let before: unknown;
    let granted: { id: string; token: string };

    beforeAll(async () => {
      prepared = await ENDPOINT_CASES[key(endpoint)]!(owner, grantedScopes);
      granted = await mintToken((prepared.as ?? owner).token, grantedScopes, `matrix ${key(endpoint)}`);
      before = await prepared.snapshot();
    });

    const send = (authorization: string | undefined) =>
      call(endpoint.method, prepared.path, { json: prepared.body, body: prepared.form?.(), headers: authorization ? { authorization } : {} });

    for (const refusal of refusals) {
      it(`${refusal.name} → 401 ${refusal.error}`, async () => {
        expectUnauthorized(await send(refusal.authorization()), refusal.error);
      });
    }

    if (scope) {
      it(`a token without ${scope} → 403 insufficient_scope`, async () => {
        const details = expectFailure(await send(`Bearer ${withoutScope[scope]}`), 403, "insufficient_scope");
        expect(details).toEqual({ required: scope });
      });
    }

    if (endpoint.path.includes("{bookId}")) {
      it("another writer's credential → 403 forbidden", async () => {
        expectFailure(await send(`Bearer ${stranger.token}`), 403, "forbidden");
      });
    }

    if (endpoint.path.includes("{tokenId}")) {
      it("another writer's credential → 404 not_found (tokens are private)", async () => {
        expectFailure(await send(`Bearer ${stranger.token}`), 404, "not_found");
      });
    }

    // Once for every refusal above: a snapshot after each (a book, its chapters and their
    // revisions, read through the API) was two thirds of this file's time (decision 0522).
    it("every refused request above changed nothing", async () => {
      expect(await prepared.snapshot()).toEqual(before);
    });

    it(`a token with ${scope ?? "any scope"} → ${endpoint.success.status}`, async () => {
      const response = await send(`Bearer ${granted.token}`);
      if (endpoint.success.file) {
        expect(response.status, response.text.slice(0, 300)).toBe(endpoint.success.status);
        expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[^"]+"; filename\*=UTF-8''/);
        await prepared.afterSuccess(response, granted.token);
        return;
      }
      const data = expectSuccess(response, endpoint.success.status);
      if (endpoint.success.schema) endpoint.success.schema.parse(data);
      await prepared.afterSuccess(data, granted.token);
    });
  });
}

describe("POST /api/v1/users (credential optional)", () => {
  it("refuses a garbage credential with 401 and creates no account", async () => {
    const email = uniqueEmail("matrix-signup");
    const response = await call("POST", "/api/v1/users", {
      json: { email, password: PASSWORD },
      headers: { authorization: "Bearer not-a-jwt" },
    });
    expectUnauthorized(response, "invalid_token");
    expectFailure(await post("/auth/login", null, { email, password: PASSWORD }), 401, "invalid_credentials");
  });

  it("signs up without a credential", async () => {
    const email = uniqueEmail("matrix-signup");
    expectSuccess(await post("/api/v1/users", null, { email, password: PASSWORD }), 201);
    expectSuccess(await get("/api/v1/users/me", (await login(email, PASSWORD)).access_token), 200);
  });
});
