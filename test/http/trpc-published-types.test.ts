// Issue 33 item 11: typed tRPC for others. A client that has @trpc/client and the published router
// type (packages/trpc-types) and nothing of Inkstone's source type-checks under tsc --strict and
// runs against the server, twenty-five calls at once in batches of ten.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAndRunFlows } from "../support/generated-client";
import { signUp, type Account } from "../support/http-users";
import { PROJECT_ROOT } from "../support/third-party-tools";

const TRPC_PACKAGES = path.join(PROJECT_ROOT, "node_modules/@trpc");

let writer: Account;
let work: string;
beforeAll(async () => {
  writer = await signUp("trpc-published-types");
  work = mkdtempSync(path.join(tmpdir(), "inkstone-trpc-client-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the published tRPC router type (item 11)", () => {
  it("types a client's calls without the server's source, and the calls run", async () => {
    copyFileSync(path.join(PROJECT_ROOT, "packages/trpc-types/index.d.ts"), path.join(work, "inkstone-trpc.d.ts"));
    copyFileSync(path.join(PROJECT_ROOT, "test/fixtures/trpc-client/flows.ts"), path.join(work, "flows.ts"));
    const output = await checkAndRunFlows(work, writer.token, {
      lib: ["ES2022", "DOM"],
      paths: { "@trpc/*": [path.join(TRPC_PACKAGES, "*")] },
      nodePaths: [path.dirname(TRPC_PACKAGES)],
    });
    expect(output.trim()).toBe("flows: ok");
  }, 120_000);
});
