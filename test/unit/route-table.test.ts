import { describe, expect, it } from "vitest";
import { METHODS } from "@/server/http/endpoint";
import { ENDPOINTS } from "@/server/http/endpoints/index";
import { apiRouteHandlers } from "@/server/http/route-table";

const handlers = apiRouteHandlers();

/** The catch-all's segments for a declared path, each parameter given a sample value. */
const segmentsFor = (path: string) =>
  path
    .replace(/^\/api\//, "")
    .split("/")
    .map((part) => (part.startsWith("{") ? `sample-${part.slice(1, -1)}` : part));

describe("the /api route table (issue 31 item 3)", () => {
  it("sends every declared path to its own endpoints: a method it does not declare is 405, allowing exactly those it does", async () => {
    const paths = new Set(ENDPOINTS.filter((e) => e.path.startsWith("/api/")).map((e) => e.path));
    expect(paths.size).toBeGreaterThan(50);
    for (const path of paths) {
      const declared = ENDPOINTS.filter((e) => e.path === path).map((e) => e.method);
      const other = METHODS.find((m) => !declared.includes(m))!;
      const response = await handlers[other](new Request(`http://localhost${path}`, { method: other }), { params: Promise.resolve({ path: segmentsFor(path) }) });
      expect(response.status, path).toBe(405);
      const allow = (response.headers.get("allow") ?? "").split(", ");
      // …in the contract's order, the one the route files used to list them in
      expect(allow.filter((m) => m !== "HEAD" && m !== "OPTIONS"), path).toEqual(METHODS.filter((m) => declared.includes(m)));
    }
  });

  it("prefers a literal segment to a parameter wherever they differ, whatever the declaration order", async () => {
    const batch = await handlers.GET(new Request("http://localhost/api/v1/books/b/analyses/batch"), { params: Promise.resolve({ path: ["v1", "books", "b", "analyses", "batch"] }) });
    expect(batch.status).toBe(405);
    expect(batch.headers.get("allow")).toBe("POST, OPTIONS");
  });

  it("answers a path nothing declares with 404 in the envelope", async () => {
    const response = await handlers.GET(new Request("http://localhost/api/v1/nothing/here"), { params: Promise.resolve({ path: ["v1", "nothing", "here"] }) });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "not_found" });
  });
});
