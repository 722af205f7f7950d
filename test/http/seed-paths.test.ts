// Issue 17, item 9: every path the seed's specification writes answers as written.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectSuccess, type ApiResponse } from "../support/http-client";
import { builtInTemplate } from "../support/http-analysis";
import { trpcMutation, trpcQuery } from "../support/http-trpc";
import { login, signUp, type Account } from "../support/http-users";

// A copy of shared/seed-api-spec.md: the test must fail when the specification names a path it does not walk.
const SPEC = readFileSync(path.join(import.meta.dirname, "../fixtures/seed-api-spec.md"), "utf8");

/** Every "METHOD /path" the specification writes, in a table row or in a sentence. */
function specifiedRoutes(): string[] {
  const routes = [...SPEC.matchAll(/\b(GET|POST|PUT|PATCH|DELETE)\s*\|?\s*(\/[A-Za-z0-9_{}./-]*[A-Za-z0-9_}])/g)].map((m) => `${m[1]} ${m[2]}`);
  return [...new Set(routes)].sort();
}

/** Every "| books.list | query |" row of the typed RPC table. */
function specifiedProcedures(): [string, "query" | "mutation"][] {
  return [...SPEC.matchAll(/^\| (\w+\.\w+) \| (query|mutation) \|/gm)].map((m) => [m[1]!, m[2] as "query" | "mutation"]);
}

let writer: Account;
let templateId: string;
beforeAll(async () => {
  writer = await signUp("seed-paths");
  templateId = (await builtInTemplate(writer.token)).id;
});

const newBook = async (prefix: string) =>
  expectSuccess(await call("POST", `${prefix}/api/books`, { token: writer.token, json: { title: "Seed", type: "novel", description: "d" } }), 201).id as string;

/** A proper call of each route, as a client following the specification would make it; the status it must answer. */
const CALLS: Record<string, (prefix: string) => Promise<[ApiResponse, number]>> = {
  "GET /api/books": async (p) => [await call("GET", `${p}/api/books`, { token: writer.token }), 200],
  "POST /api/books": async (p) => [await call("POST", `${p}/api/books`, { token: writer.token, json: { title: "Seed", type: "fantasy", description: "A" } }), 201],
  "PUT /api/books/{id}": async (p) => {
    const id = await newBook(p);
    return [await call("PUT", `${p}/api/books/${id}`, { token: writer.token, json: { title: "Renamed", type: "novel", description: "B" } }), 201];
  },
  "DELETE /api/books/{id}": async (p) => [await call("DELETE", `${p}/api/books/${await newBook(p)}`, { token: writer.token }), 204],
  // "A read of the list is also shown as GET /books with headers Authorization and Content-Type."
  "GET /books": async (p) =>
    [await call("GET", `${p}/books`, { token: writer.token, headers: { "content-type": "application/json" } }), 200],
  "GET /api/analysis/search": async (p) => [await call("GET", `${p}/api/analysis/search?q=dialogue`, { token: writer.token }), 200],
  "GET /api/analysis/{id}": async (p) => [await call("GET", `${p}/api/analysis/${templateId}`, { token: writer.token }), 200],
  "POST /api/analysis/install": async (p) => [await call("POST", `${p}/api/analysis/install`, { token: writer.token, json: { templateId } }), 201],
  "POST /api/convert": async (p) =>
    [await call("POST", `${p}/api/convert`, { token: writer.token, json: { from: "md", to: "html", content: "# One\n\nFirst." } }), 200],
  "GET /api/convert/formats": async (p) => [await call("GET", `${p}/api/convert/formats`, { token: writer.token }), 200],
  "POST /auth/refresh": async (p) => {
    const pair = await login(writer.email, writer.password);
    return [await call("POST", `${p}/auth/refresh`, { json: { refresh_token: pair.refresh_token } }), 200];
  },
  "POST /auth/revoke": async (p) => {
    const pair = await login(writer.email, writer.password);
    return [await call("POST", `${p}/auth/revoke`, { token: pair.access_token }), 200];
  },
};

describe("every path the specification writes (issue 17, item 9)", () => {
  it("is walked here: the specification names no route this test does not call", () => {
    expect(specifiedRoutes()).toEqual(Object.keys(CALLS).sort());
  });

  // The specification puts an optional /v1/ after the base address; both spellings are served.
  describe.each(["", "/v1"])("with the prefix %j", (prefix) => {
    it.each(Object.keys(CALLS))("%s answers as written", async (route) => {
      const [response, status] = await CALLS[route]!(prefix);
      expect([404, 405], `${route}: ${response.text.slice(0, 200)}`).not.toContain(response.status);
      expect(response.status, `${route}: ${response.text.slice(0, 200)}`).toBe(status);
      if (status === 204) return;
      if (route === "POST /api/convert") return expect(response.text).toContain("<h1");
      expect(response.body).toMatchObject({ code: status, msg: "ok" });
    });
  });

  it("answers the template detail, search, install and conversion as their canonical paths do", async () => {
    const [alias, canonical] = await Promise.all([
      call("GET", `/api/analysis/${templateId}`, { token: writer.token }),
      call("GET", `/api/v1/analysis/${templateId}`, { token: writer.token }),
    ]);
    expect(alias.body).toEqual(canonical.body);
    const formats = expectSuccess(await call("GET", "/api/convert/formats", { token: writer.token }), 200);
    expect(formats).toEqual(expectSuccess(await call("GET", "/api/v1/convert/formats", { token: writer.token }), 200));
    const search = await call("GET", "/api/analysis/search?q=dialogue&per_page=1", { token: writer.token });
    // Paging through an alias stays on the alias.
    expect(search.headers.get("link")).toContain("</api/analysis/search?");
  });

  it("keeps the paths /api serves itself, and unknown versions and paths, as they were", async () => {
    expect((await call("GET", "/api/v2/books", { token: writer.token })).body).toMatchObject({ error: "not_found" });
    expect((await call("GET", "/api/no-such-resource", { token: writer.token })).body).toMatchObject({ code: 40400, error: "not_found" });
    expect((await call("GET", "/api/openapi.json")).body).toMatchObject({ openapi: "3.1.0" });
    expect((await call("GET", "/api/trpc/books.list", { token: writer.token })).body).toHaveProperty("result");
  });

  it.each(specifiedProcedures())("the RPC procedure %s (%s) answers", async (procedure, kind) => {
    const book = expectSuccess(await call("POST", "/api/books", { token: writer.token, json: { title: "RPC", type: "novel", description: "" } }), 201);
    const inputs: Record<string, unknown> = {
      "books.list": undefined,
      "books.create": { title: "Over RPC", type: "novel", description: "made by the walk" },
      "chapters.upload": { bookId: book.id, content: "# One\n\nFirst words." },
    };
    expect(Object.keys(inputs), "a procedure of the specification this test does not call").toContain(procedure);
    const response = kind === "query" ? await trpcQuery(procedure, inputs[procedure], writer.token) : await trpcMutation(procedure, inputs[procedure], writer.token);
    expect(response.status, response.text.slice(0, 200)).toBe(200);
    expect(response.body).toHaveProperty("result.data");
  });
});
