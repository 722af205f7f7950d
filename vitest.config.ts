import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * `npm run test:postgres` runs again on PostgreSQL only what can differ between the engines: the
 * use cases, queries, migrations, locks, the job queue, search, and the HTTP tests that reach
 * them. Such a file says so on its first line, `// @module-tag postgres` (vitest's file tag, so
 * `--tags-filter=postgres` picks the same tests); every other file (engines, transports, pages'
 * modules, the CLI) proves nothing more the second time and runs once, on SQLite.
 */
const ON_POSTGRES = Boolean(process.env.INKSTONE_TEST_POSTGRES);
const POSTGRES_TAG = /^\/\/ @module-tag postgres$/m;

/** The test files of a folder that the run takes: all of them, or on PostgreSQL the tagged ones. */
function testFiles(folder: string): string[] {
  const files = readdirSync(folder).filter((name) => name.endsWith(".test.ts")).map((name) => `${folder}/${name}`);
  return ON_POSTGRES ? files.filter((file) => POSTGRES_TAG.test(readFileSync(file, "utf8"))) : files;
}

const PROJECTS: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: "unit",
      include: testFiles("test/unit"),
      // Use cases that start worker threads (conversions, analyses, long counts) wait for a
      // worker's start and its engine's load: seconds on a busy two-core CI machine, where 5 s
      // (vitest's default) failed two of them. A limit, not a speed target.
      testTimeout: 20_000,
      globalSetup: ["test/support/unit-global-setup.ts"],
      setupFiles: ["test/support/fresh-database.ts"],
    },
  },
  {
    extends: true,
    test: {
      name: "http",
      include: testFiles("test/http"),
      globalSetup: ["test/support/server.ts"],
      testTimeout: 30_000,
    },
  },
  {
    extends: true,
    test: {
      name: "cli",
      include: testFiles("test/cli"),
      globalSetup: ["test/support/cli-server.ts"],
      testTimeout: 60_000,
      // A file's set-up (a login, a few books made through the CLI) is commands like its tests'.
      hookTimeout: 60_000,
    },
  },
];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    tags: [{ name: "postgres", description: "can differ between SQLite and PostgreSQL: npm run test:postgres runs it there too" }],
    // next-auth imports "next/server" without an extension, which only a bundler resolves.
    server: { deps: { inline: ["next-auth"] } },
    // A project none of whose files run (the CLI's, on PostgreSQL) is left out, global set-up and all.
    projects: PROJECTS.filter((project) => Boolean(project.test?.include?.length)),
  },
});
