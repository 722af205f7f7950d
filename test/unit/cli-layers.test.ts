// @module-tag shared
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { bundleCli } from "../../scripts/build-cli.mjs";

/**
 * The CLI is a client (issue 29 item 3): its bundle holds the CLI, the server's schema modules
 * and the packages they need, and none of the server's runtime. Judged by the inputs esbuild
 * resolved (its metafile), as the build's own guard (scripts/build-cli.mjs) judges them.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const MAX_BUNDLE_BYTES = 1_500_000;
// What a client never needs: drivers, query builder, ORM, worker pool, engines, web framework.
const SERVER_PACKAGES = /(^|\/)node_modules\/(better-sqlite3|pg|kysely|prisma|@prisma\/[^/]+|piscina|pandoc-wasm|@myriaddreamin\/[^/]+|@node-rs\/jieba|next|@trpc\/server)\//;
const SCHEMA_PACKAGES = /(^|\/)node_modules\/(zod|content-disposition)\//;

const bundle = await bundleCli(ROOT);
const inputs = Object.keys(bundle.metafile.inputs);
const serverInputs = inputs.filter((input) => input.startsWith("server/"));

describe("the CLI bundle", () => {
  it("passes the build's guard", () => {
    expect(bundle.problems).toEqual([]);
  });

  it(`is at most ${MAX_BUNDLE_BYTES} bytes, every chunk counted`, () => {
    expect(bundle.bytes).toBeLessThanOrEqual(MAX_BUNDLE_BYTES);
  });

  it("starts without any command's module: each loads when its command runs (decision 0523)", () => {
    // The outputs a start evaluates: the entry and what it imports statically, transitively.
    const { outputs } = bundle.metafile;
    const entry = Object.keys(outputs).find((output) => outputs[output]!.entryPoint === "cli/main.ts")!;
    const started = new Set([entry]);
    for (const output of started) for (const { path: imported, kind, external } of outputs[output]!.imports) if (kind === "import-statement" && !external) started.add(imported);
    const startedInputs = [...started].flatMap((output) => Object.keys(outputs[output]!.inputs));
    expect(startedInputs).toContain("cli/program.ts");
    expect(startedInputs.filter((input) => input.startsWith("cli/commands/") || /^server\/.*schemas\.ts$/.test(input))).toEqual([]);
  });

  it("holds no database driver, query builder, worker pool, engine, Next or tRPC server", () => {
    expect(inputs.filter((input) => SERVER_PACKAGES.test(input))).toEqual([]);
  });

  it("holds from server/ only schema modules: no configuration, database, SQL, jobs, workers or use cases", () => {
    // The CLI does share schemas: a check that found no server module would prove nothing.
    expect(serverInputs).toEqual(expect.arrayContaining(["server/books/schemas.ts", "server/analysis/schemas.ts"]));
    expect(serverInputs.filter((input) => /^server\/(env|db|env-schema)\.|^server\/(sql|workers|generated|entry)\//.test(input))).toEqual([]);
    expect(serverInputs.filter((input) => /^server\/jobs\/(?!schemas\.ts$)/.test(input))).toEqual([]);
  });

  it("has each server module import only zod, content-disposition, other server modules of the bundle and the interface's languages", () => {
    // i18n/locales.ts names the languages an account may choose (decision 0504) and imports nothing.
    const shared = (imported: string) => imported.startsWith("server/") || imported === "i18n/locales.ts" || SCHEMA_PACKAGES.test(imported);
    const strayImports = serverInputs.flatMap((input) =>
      bundle.metafile.inputs[input]!.imports.filter(({ path: imported }) => !shared(imported)).map(({ path: imported }) => `${input} → ${imported}`),
    );
    expect(strayImports).toEqual([]);
  });
});

describe("the build's guard", () => {
  it("follows resolved paths: a use case imported by a relative path is named, with the chain that brings it", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "inkstone-cli-guard-"));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    const entry = path.join(folder, "entry.ts");
    const useCase = path.relative(folder, path.join(ROOT, "server/analysis/run-analyses"));
    writeFileSync(entry, `import { runAnalyses } from "${useCase}";\nconsole.log(runAnalyses);\n`);
    const { problems } = await bundleCli(ROOT, entry);
    const entryInput = path.relative(ROOT, entry);
    expect(problems.filter((problem) => problem.startsWith(`${entryInput} → server/analysis/run-analyses.ts: `))).toHaveLength(1);
    expect(problems).toContainEqual(expect.stringMatching(/→ server\/db\.ts → node_modules\/kysely\/.*: kysely is the query builder/));
    expect(problems).toContainEqual(expect.stringMatching(/: better-sqlite3 is a database driver/));
    expect(problems).toContainEqual(expect.stringMatching(/: piscina is the worker pool/));
  });
});
