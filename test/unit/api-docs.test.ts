import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bookActionOf, OPERATION_SCOPES } from "@/server/auth/scopes";
import { ERRORS } from "@/server/errors";
import { ENDPOINTS } from "@/server/http/endpoints";

const markdown = readFileSync(path.resolve("docs/api.md"), "utf8");

/** The rows of the first table under a `## heading`, as trimmed cells without backticks. */
function tableUnder(heading: string): string[][] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith(`${heading}\n`));
  if (!section) throw new Error(`docs/api.md has no "## ${heading}" section`);
  const lines = section.split("\n").filter((l) => l.startsWith("|"));
  // header, separator, then rows
  return lines.slice(2).map((line) =>
    line
      .slice(1, -1)
      .split("|")
      .map((cell) => cell.trim().replaceAll("`", "")),
  );
}

const dash = (value: string | null) => value ?? "—";

describe("docs/api.md", () => {
  it("lists every endpoint once, with its operation, auth, scope and the role it asks for on a book", () => {
    const documented = tableUnder("Endpoints and scopes").map(([method, route, operation, auth, scope, role]) => ({
      endpoint: `${method} ${route}`,
      operation,
      auth,
      scope,
      role,
    }));
    const actual = ENDPOINTS.map((e) => ({
      endpoint: `${e.method} ${e.path}`,
      operation: dash(e.operation),
      auth: e.auth,
      scope: dash(e.operation ? OPERATION_SCOPES[e.operation] : null),
      role: dash(e.operation ? (bookActionOf(e.operation) ?? null) : null),
    }));
    const byEndpoint = (a: { endpoint: string }, b: { endpoint: string }) => a.endpoint.localeCompare(b.endpoint);
    expect(documented.sort(byEndpoint)).toEqual(actual.sort(byEndpoint));
  });

  it("lists every error code with its HTTP status and business code", () => {
    const documented = tableUnder("Error codes").map(([code, status, name, meaning]) => {
      expect(meaning, `meaning of ${name}`).toBeTruthy();
      return { name: name ?? "", status: Number(status), code: Number(code) };
    });
    const actual = Object.entries(ERRORS).map(([name, e]) => ({ name, status: e.status, code: e.code }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(documented.sort(byName)).toEqual(actual.sort(byName));
  });
});
