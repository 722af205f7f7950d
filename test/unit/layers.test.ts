// @module-tag shared
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The house's layers point down (issue 18 item 8): REST (server/http, its routes) and tRPC
 * (server/trpc, its route) are two transports side by side. REST reaches nothing of tRPC, not even
 * through a module in between; tRPC reaches of REST only the endpoint declarations its procedures
 * are derived from (issue 31 item 3, decision 0463), never the wrapper that serves them. What both
 * need otherwise lives below both (server/auth, server/request).
 * Infrastructure (jobs, worker threads, text rules) knows no domain (issue 31 item 4): the job
 * kinds and worker tasks are listed in server/compose, which fills the runner and the worker at
 * start. Read from the source's import graph, type-only imports included: a type is a dependency
 * too. That no import runs in a circle is ESLint's neighbour's to say (.dependency-cruiser.mjs).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

function filesUnder(folder: string): string[] {
  const absolute = path.join(ROOT, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(absolute, name))
    .filter((file) => SOURCE.test(file) && !file.endsWith(".d.mts") && statSync(file).isFile());
}

// Static imports and re-exports (`… from "x"`, `import "x"`) and dynamic ones (`import("x")`).
const SPECIFIERS = /\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** The project files a file imports (packages are not followed). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(SPECIFIERS)) {
    const specifier = match[1] ?? match[2] ?? match[3]!;
    const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(file), specifier) : null;
    const resolved = base && resolve(base);
    if (resolved) found.push(resolved);
  }
  return found;
}

function resolve(base: string): string | null {
  const candidates = [base, ...[".ts", ".tsx", ".mts", ".mjs"].map((ext) => base + ext), path.join(base, "index.ts")];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** Every project file reachable from `roots`, each with the chain of imports that reaches it. */
function reachable(roots: string[]): Map<string, string[]> {
  const chains = new Map<string, string[]>(roots.map((root) => [root, [root]]));
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of importsOf(file)) {
      if (chains.has(next)) continue;
      chains.set(next, [...chains.get(file)!, next]);
      queue.push(next);
    }
  }
  return chains;
}

const relative = (file: string) => path.relative(ROOT, file);

/** The import chains from `roots` into `forbidden` (a folder), shortest first; none is the goal. */
function chainsInto(roots: string[], forbidden: string): string[] {
  const inside = path.join(ROOT, forbidden) + path.sep;
  return [...reachable(roots).entries()]
    .filter(([file]) => file.startsWith(inside))
    .map(([, chain]) => chain.map(relative).join(" → "))
    .sort((a, b) => a.length - b.length);
}

const INFRASTRUCTURE = ["server/jobs", "server/workers", "server/text"];
// What infrastructure may stand on: itself, the database, configuration, errors, credentials and
// the collection parser. Every other folder of server/ is a domain (or above one), new ones too.
const BENEATH_INFRASTRUCTURE = [...INFRASTRUCTURE, "server/sql", "server/generated", "server/auth"];
const DOMAINS = readdirSync(path.join(ROOT, "server"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !BENEATH_INFRASTRUCTURE.includes(`server/${entry.name}`))
  .map((entry) => `server/${entry.name}`);

const REST_ROUTES = [...filesUnder("app/api/v1"), ...filesUnder("app/auth"), ...filesUnder("app/api/[...path]")];
const TRPC = [...filesUnder("server/trpc"), ...filesUnder("app/api/trpc")];
const REST = [...filesUnder("server/http"), ...REST_ROUTES];

describe("layers that only point down", () => {
  it("finds the files it judges (a moved folder must not make the check pass by itself)", () => {
    expect(TRPC.map(relative)).toEqual(expect.arrayContaining(["server/trpc/context.ts", "app/api/trpc/[trpc]/route.ts"]));
    expect(REST.map(relative)).toEqual(expect.arrayContaining(["server/http/endpoint.ts", "app/api/[...path]/route.ts"]));
    // The reader does see an import into server/http when there is one.
    expect(chainsInto(filesUnder("app/api/[...path]"), "server/http").length).toBeGreaterThan(0);
  });

  it("tRPC, its route included, reaches of the REST layer only the endpoint declarations it derives procedures from (decision 0463)", () => {
    // What the declarations reach themselves (endpoint.ts, the envelope they answer with), and
    // nothing of the wrapper that serves them: route-handlers.ts, route-table.ts, read-body.ts …
    const declarations = new Set(reachable([path.join(ROOT, "server/http/endpoints/index.ts")]).keys());
    expect([...declarations].map(relative)).toEqual(expect.arrayContaining(["server/http/endpoint.ts", "server/http/endpoints/members.ts"]));
    expect([...declarations].map(relative)).not.toContain("server/http/route-handlers.ts");
    const beyond = chainsInto(TRPC, "server/http").filter((chain) => !declarations.has(path.join(ROOT, chain.split(" → ").at(-1)!)));
    expect(beyond).toEqual([]);
    // The check sees a declaration reached from tRPC when there is one.
    expect(chainsInto(TRPC, "server/http/endpoints").length).toBeGreaterThan(0);
  });

  it("REST, its routes included, reaches nothing of tRPC", () => {
    expect(chainsInto(REST, "server/trpc")).toEqual([]);
  });

  it("nothing below the transports reaches either of them", () => {
    const above = ["server/http", "server/trpc", "server/entry"].map((folder) => path.join(ROOT, folder) + path.sep);
    const below = filesUnder("server").filter((file) => !above.some((folder) => file.startsWith(folder)));
    expect(chainsInto(below, "server/http")).toEqual([]);
    expect(chainsInto(below, "server/trpc")).toEqual([]);
  });

  it("infrastructure (jobs, workers, text) reaches no domain: job kinds and worker tasks are listed in server/compose", () => {
    expect(DOMAINS).toEqual(expect.arrayContaining(["server/books", "server/convert", "server/analysis", "server/compose"]));
    const infrastructure = INFRASTRUCTURE.flatMap(filesUnder);
    expect(infrastructure.map(relative)).toEqual(expect.arrayContaining(["server/jobs/runner.ts", "server/workers/pool.ts", "server/text/prose.ts"]));
    expect(DOMAINS.flatMap((domain) => chainsInto(infrastructure, domain))).toEqual([]);
  });
});
