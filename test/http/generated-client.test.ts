// Issue 17, item 12: a client generated from the served OpenAPI document, by openapi-typescript and
// openapi-fetch, type-checks under tsc --strict and runs the seed's flows against the server.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAndRunFlows } from "../support/generated-client";
import { get } from "../support/http-client";
import { installedPackage, PROJECT_ROOT } from "../support/third-party-tools";
import { signUp, type Account } from "../support/http-users";

const FLOWS = path.join(PROJECT_ROOT, "test/fixtures/generated-client/flows.ts");

// openapi-typescript 7 and openapi-fetch 0.17, as a third party would use them.
const generator = installedPackage("openapi-typescript");
const fetchClient = installedPackage("openapi-fetch");

let writer: Account;
let work: string;
beforeAll(async () => {
  writer = await signUp("generated-client");
  work = mkdtempSync(path.join(tmpdir(), "inkstone-client-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(!generator || !fetchClient)("a client generated from /api/v1/openapi.json (item 12)", () => {
  it("type-checks the seed's flows with tsc --strict, and runs them against the server", async () => {
    const document = await get("/api/v1/openapi.json");
    expect(document.status).toBe(200);
    writeFileSync(path.join(work, "openapi.json"), document.text);
    execFileSync(process.execPath, [path.join(generator!, "bin/cli.js"), "openapi.json", "-o", "api.d.ts"], { cwd: work, stdio: "pipe" });
    copyFileSync(FLOWS, path.join(work, "flows.ts"));
    const output = await checkAndRunFlows(work, writer.token, {
      lib: ["ES2022", "DOM"],
      paths: { "openapi-fetch": [fetchClient!] },
      nodePaths: [path.dirname(fetchClient!)],
    });
    expect(output.trim()).toBe("flows: ok");
  }, 120_000);
});
