import { expect } from "vitest";
import type { Prepare, PrepareCall } from "./case-types";
import { del, expectFailure, expectSuccess, get } from "./http-client";
import type { Account } from "./http-users";

// Credential-matrix fixtures for the account's own operations (issue 34 item 6), REST and tRPC.

/** The owner's archive jobs: a refused request must have queued none. */
async function archiveJobs(owner: Account) {
  return (await get("/api/v1/jobs?kind=account.archive&per_page=1", owner.token)).headers.get("x-total-count");
}

/**
 * A queued archive is what was asked; it is cancelled at once, so that the matrix owner's many
 * books are not written as EPUBs beside the tests that follow (the archive has its own test). The
 * job runner may have written it before the cancel arrives (CI met it once): then it succeeded.
 */
async function queuedArchive(data: unknown, owner: Account) {
  expect(data).toMatchObject({ kind: "account.archive", status: expect.stringMatching(/^(queued|running)$/), links: { self: expect.stringMatching(/^\/api\/v1\/jobs\//) } });
  const job = (data as { links: { self: string } }).links.self;
  const cancel = await del(job, owner.token);
  if (cancel.status === 204) return;
  expectFailure(cancel, 409, "job_finished");
  expect(expectSuccess(await get(job, owner.token), 200)).toMatchObject({ status: "succeeded" });
}

/** REST: one fixture per endpoint, keyed "METHOD path". */
export const ARCHIVE_CASES: Record<string, Prepare> = {
  "POST /api/v1/users/me/archive": async (owner) => ({
    path: "/api/v1/users/me/archive",
    snapshot: () => archiveJobs(owner),
    afterSuccess: (data) => queuedArchive(data, owner),
  }),
};

/** tRPC: one fixture per procedure, keyed by its path. */
export const ARCHIVE_TRPC_CASES: Record<string, PrepareCall> = {
  "users.archive": async (owner) => ({
    input: {},
    // The archive is always the caller's own: a stranger queues their own.
    stranger: null,
    snapshot: () => archiveJobs(owner),
    afterSuccess: (data) => queuedArchive(data, owner),
  }),
};
