// Issue 31: the role × operation matrix, generated from the operation table. Every REST endpoint
// and tRPC procedure that names a book is called by a member of each role on the book its
// credential-matrix fixture made: a role the operation's declared action (OPERATIONS[…].book) does
// not allow is refused with 403 and changes nothing; a role it allows is answered. A new operation
// on a book is covered the moment it is declared, for every role.
import { beforeAll, describe, expect, it } from "vitest";
import { MEMBER_ROLES, roleMayDo, type BookAction, type MemberRole } from "@/server/auth/book-roles";
import { bookActionOf, SCOPES } from "@/server/auth/scopes";
import type { Endpoint } from "@/server/http/endpoint";
import { ENDPOINTS } from "@/server/http/endpoints/index";
import { call, expectFailure, type ApiResponse } from "../support/http-client";
import { ENDPOINT_CASES } from "../support/http-endpoint-cases";
import { addMember } from "../support/http-members-cases";
import { expectTrpcError, trpcMutation, trpcQuery } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";
import { TRPC_CASES } from "../support/trpc-cases";
import { PROCEDURES } from "../support/trpc-procedures";

/** Fewest rights first: a call that changes something is made once, by the weakest role allowed it. */
const WEAKEST_FIRST: MemberRole[] = ["beta_reader", "viewer", "editor", "co_author"];
expect([...WEAKEST_FIRST].sort()).toEqual([...MEMBER_ROLES].sort());

let owner: Account;
const members = {} as Record<MemberRole, Account>;

beforeAll(async () => {
  owner = await signUp("roles-owner");
  await Promise.all(MEMBER_ROLES.map(async (role) => (members[role] = await signUp(`roles-${role.replace("_", "-")}`))));
});

/**
 * Whether the role reaches the operation on the fixture: its action, and — for a beta reader, who
 * reads only chapters released to readers — not a chapter of the fixture (none is released).
 */
function reaches(role: MemberRole, action: BookAction, path: string): boolean {
  return roleMayDo(role, action) && (roleMayDo(role, "readDraft") || !path.includes("{chapterId}"));
}

function bookIdOf(where: string): string {
  const id = /\/books\/([^/?]+)/.exec(where)?.[1];
  if (!id) throw new Error(`the fixture names no book: ${where}`);
  return id;
}

async function onBook(bookId: string): Promise<void> {
  for (const role of MEMBER_ROLES) await addMember(owner, bookId, role, members[role]);
}

interface Matrix {
  name: string;
  action: BookAction;
  /** the declared path, for the chapter rule */
  path: string;
  changes: boolean;
  prepare(): Promise<{ bookId: string; snapshot(): Promise<unknown> }>;
  send(member: Account): Promise<ApiResponse>;
  answered(response: ApiResponse): void;
  refused(response: ApiResponse): void;
}

function matrix({ name, action, path, changes, prepare, send, answered, refused }: Matrix) {
  const allowed = WEAKEST_FIRST.filter((role) => reaches(role, action, path));
  const denied = WEAKEST_FIRST.filter((role) => !allowed.includes(role));
  describe(`${name} (${action})`, () => {
    let snapshot: () => Promise<unknown>;
    let before: unknown;
    beforeAll(async () => {
      const prepared = await prepare();
      await onBook(prepared.bookId);
      snapshot = prepared.snapshot;
      before = await snapshot();
    });
    for (const role of denied) it(`${role} → 403 forbidden`, async () => refused(await send(members[role])));
    // Once for every refusal above, before an allowed role changes anything (decision 0522).
    if (denied.length > 0) it("every refused role above changed nothing", async () => expect(await snapshot()).toEqual(before));
    for (const role of changes ? allowed.slice(0, 1) : allowed) {
      it(`${role} → answered`, async () => answered(await send(members[role])));
    }
  });
}

/**
 * A call the policy let through may still fail for what it is about, as the owner's own would
 * where the fixture was made for the owner: a template installed by the owner only (409), another
 * book of the owner's that is not shared (404), the owner's comment that only its author changes
 * (403 not_your_comment). Never 403 forbidden, never a 5xx.
 */
function expectPastPolicy(response: ApiResponse, error: unknown): void {
  expect(response.status, response.text.slice(0, 300)).toBeLessThan(500);
  expect(error, response.text.slice(0, 300)).not.toBe("forbidden");
  expect(["template_not_installed", "not_found", "not_your_comment"], response.text.slice(0, 300)).toContain(error);
}

const key = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;
const writerScopes = SCOPES.filter((s) => s !== "admin");

for (const endpoint of ENDPOINTS) {
  const action = endpoint.operation ? bookActionOf(endpoint.operation) : undefined;
  if (!action || !endpoint.path.includes("{bookId}")) continue;
  let prepared: Awaited<ReturnType<(typeof ENDPOINT_CASES)[string]>>;
  matrix({
    name: key(endpoint),
    action,
    path: endpoint.path,
    changes: endpoint.method !== "GET",
    async prepare() {
      prepared = await ENDPOINT_CASES[key(endpoint)]!(owner, writerScopes);
      return { bookId: bookIdOf(prepared.path), snapshot: prepared.snapshot };
    },
    send: (member) => call(endpoint.method, prepared.path, { json: prepared.body, body: prepared.form?.(), token: member.token }),
    answered(response) {
      const statuses = [endpoint.success.status, ...(endpoint.success.accepted ? [202] : [])];
      if (!statuses.includes(response.status)) expectPastPolicy(response, response.body?.error);
    },
    refused: (response) => void expectFailure(response, 403, "forbidden"),
  });
}

for (const procedure of PROCEDURES) {
  const action = procedure.operation ? bookActionOf(procedure.operation) : undefined;
  if (!action || !procedure.inputKeys.includes("bookId")) continue;
  let input: unknown;
  let snapshot: () => Promise<unknown>;
  const send = (member: Account) => (procedure.type === "query" ? trpcQuery(procedure.path, input, member.token) : trpcMutation(procedure.path, input, member.token));
  matrix({
    name: `tRPC ${procedure.path}`,
    action,
    path: procedure.inputKeys.includes("chapterId") ? "{chapterId}" : "",
    changes: procedure.type === "mutation",
    async prepare() {
      ({ input, snapshot } = await TRPC_CASES[procedure.path]!(owner));
      return { bookId: bookIdOf(`/books/${(input as { bookId: string }).bookId}`), snapshot };
    },
    send,
    answered: (response) => void (response.status === 200 || expectPastPolicy(response, response.body?.error?.data?.error)),
    refused: (response) => void expectTrpcError(response, 403, "forbidden"),
  });
}
