// Issue 18 item 3: a credential matrix for tRPC like REST's (credentials.test.ts). The procedures
// come from the router and their scope from the scope table, so a new procedure is covered (and
// fails until test/support/trpc-cases.ts has a fixture for it).
import { beforeAll, describe, expect, it } from "vitest";
import { OPERATION_SCOPES, SCOPES, type Scope } from "@/server/auth/scopes";
import { ERRORS } from "@/server/errors";
import type { ApiResponse } from "../support/http-client";
import { expectTrpcError, trpcMutation, trpcQuery } from "../support/http-trpc";
import type { PreparedCall } from "../support/case-types";
import { TRPC_CASES } from "../support/trpc-cases";
import { PROCEDURES, type ProcedureInfo } from "../support/trpc-procedures";
import { login, mintToken, PASSWORD, signUp, type Account } from "../support/http-users";

let owner: Account;
let stranger: Account;
/** per required scope, a login of the owner's holding every other writer scope */
const withoutScope = {} as Record<Scope, string>;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([signUp("trpc-matrix-owner"), signUp("trpc-matrix-stranger")]);
  const writerScopes = SCOPES.filter((s) => s !== "admin");
  const required: (Scope | null)[] = Object.values(OPERATION_SCOPES);
  const needed = [...new Set(required.filter((s): s is Scope => s !== null))];
  await Promise.all(
    needed.map(async (scope) => {
      const pair = await login(owner.email, PASSWORD, { scopes: writerScopes.filter((s) => s !== scope), name: `trpc without ${scope}` });
      expect(pair.scope.split(" ")).not.toContain(scope);
      withoutScope[scope] = pair.access_token;
    }),
  );
});

function send(procedure: ProcedureInfo, input: unknown, token: string | null): Promise<ApiResponse> {
  return procedure.type === "query" ? trpcQuery(procedure.path, input, token) : trpcMutation(procedure.path, input, token);
}

describe("the procedure table", () => {
  it("has a credential fixture for every tRPC procedure", () => {
    expect(Object.keys(TRPC_CASES).sort()).toEqual(PROCEDURES.map((p) => p.path).sort());
  });
});

for (const procedure of PROCEDURES) {
  describe(`tRPC ${procedure.path}`, () => {
    const scope: Scope | null = procedure.operation ? OPERATION_SCOPES[procedure.operation] : null;
    // Procedures any credential may call get one with an unrelated scope.
    const grantedScopes: Scope[] = scope ? [scope] : ["read:analysis"];
    let prepared: PreparedCall;
    let before: unknown;
    let granted: string;

    beforeAll(async () => {
      const prepare = TRPC_CASES[procedure.path];
      if (!prepare) throw new Error(`no fixture for ${procedure.path} in test/support/trpc-cases.ts`);
      prepared = await prepare(owner);
      granted = (await mintToken((prepared.as ?? owner).token, grantedScopes, `trpc matrix ${procedure.path}`)).token;
      before = await prepared.snapshot();
    });

    it("no credential → 401 UNAUTHORIZED unauthenticated", async () => {
      expectTrpcError(await send(procedure, prepared.input, null), 401, "unauthenticated");
    });

    it("a token that is not one → 401 UNAUTHORIZED invalid_token", async () => {
      expectTrpcError(await send(procedure, prepared.input, "not-a-jwt"), 401, "invalid_token");
    });

    if (scope) {
      it(`a token without ${scope} → 403 FORBIDDEN insufficient_scope`, async () => {
        expect(expectTrpcError(await send(procedure, prepared.input, withoutScope[scope]), 403, "insufficient_scope")).toEqual({ required: scope });
      });
    }

    it("another writer's credential → what REST answers for the resource", async () => {
      if (prepared.stranger === null) {
        // Nothing of the owner's is named: the stranger's own answer must not show the owner's data.
        const response = await send(procedure, prepared.input, stranger.token);
        expect(response.status, response.text.slice(0, 300)).toBe(200);
        expect(response.text).not.toContain(owner.id);
      } else {
        expectTrpcError(await send(procedure, prepared.input, stranger.token), ERRORS[prepared.stranger].status, prepared.stranger);
      }
    });

    // Once for every call above: a snapshot after each was most of this file's time (decision 0522).
    it("every call above, refused or the stranger's own, changed nothing", async () => {
      expect(await prepared.snapshot()).toEqual(before);
    });

    it(`a token with ${scope ?? "any scope"} → the answer, checked`, async () => {
      const response = await send(procedure, prepared.input, granted);
      expect(response.status, response.text.slice(0, 300)).toBe(200);
      expect(Object.keys(response.body)).toEqual(["result"]);
      await prepared.afterSuccess(response.body.result.data, granted);
    });
  });
}
