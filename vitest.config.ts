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

/**
 * A file that bounds a time by the wall clock (a cheap GET answered during an attack, a job
 * started within seconds) says so with `// @module-tag clock`: such a bound holds only on a machine
 * the file has to itself, so `npm test` runs these files alone (INKSTONE_TEST_CLOCK=only) and every
 * other file side by side with other suites (INKSTONE_TEST_CLOCK=skip). Unset, a run takes both.
 * A bound on how long code computes is CPU time instead (test/support/cpu-time.ts), which holds
 * beside anything.
 */
const CLOCK = process.env.INKSTONE_TEST_CLOCK;
const CLOCK_TAG = /^\/\/ @module-tag clock$/m;
if (CLOCK !== undefined && CLOCK !== "only" && CLOCK !== "skip") throw new Error(`INKSTONE_TEST_CLOCK is "only" or "skip", not "${CLOCK}"`);

/**
 * A unit test file that opens no database, sets no environment variable and leaves nothing behind
 * for the next file (an engine, a parser, a catalog) says so with `// @module-tag shared`: such
 * files run one after another in one process (the `unit-shared` project, without vitest's
 * isolation), which loads their modules once instead of once a file (decision 0518). Every other
 * unit file runs in a process of its own with a database of its own (`unit`): the configuration, the
 * database handle and the rate limiters are read once per process. test/support/shared-process.ts
 * fails a shared file that opens the database or changes the configuration. A file tagged `clock`
 * as well runs in `unit`, which the clock-bound run takes.
 */
const SHARED_TAG = /^\/\/ @module-tag shared$/m;

/** The test files of a folder that the run takes: all of them, or on PostgreSQL the tagged ones; of those, the clock's choice; of those, the ones `shared` says. */
function testFiles(folder: string, shared?: boolean): string[] {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => ({ file: `${folder}/${name}`, text: readFileSync(`${folder}/${name}`, "utf8") }))
    .filter(({ text }) => !ON_POSTGRES || POSTGRES_TAG.test(text))
    .filter(({ text }) => shared === undefined || (SHARED_TAG.test(text) && !CLOCK_TAG.test(text)) === shared);
  return files.filter(({ text }) => CLOCK === undefined || CLOCK_TAG.test(text) === (CLOCK === "only")).map(({ file }) => file);
}

const PROJECTS: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: "unit",
      include: testFiles("test/unit", false),
      // Use cases that start worker threads (conversions, analyses, long counts) wait for a
      // worker's start and its engine's load, and an EPUB's check waits its turn at the run's one
      // epubcheck: 6 to 17 s beside the other suites on two cores, where 20 s failed one. A limit,
      // not a speed target.
      testTimeout: 60_000,
      globalSetup: ["test/support/worker-global-setup.ts", "test/support/unit-global-setup.ts", "test/support/epubcheck-service.ts"],
      setupFiles: ["test/support/fresh-database.ts"],
    },
  },
  {
    extends: true,
    test: {
      name: "unit-shared",
      include: testFiles("test/unit", true),
      isolate: false,
      testTimeout: 60_000,
      // No database: only the worker bundle the engines' pools start, and the run's epubcheck.
      globalSetup: ["test/support/worker-global-setup.ts", "test/support/epubcheck-service.ts"],
      setupFiles: ["test/support/shared-process.ts"],
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
    tags: [
      { name: "postgres", description: "can differ between SQLite and PostgreSQL: npm run test:postgres runs it there too" },
      { name: "clock", description: "bounds a time by the wall clock: npm test runs it with the machine to itself" },
      { name: "shared", description: "opens no database and sets no environment: runs in one process with the other such unit files" },
    ],
    // next-auth imports "next/server" without an extension, which only a bundler resolves.
    server: { deps: { inline: ["next-auth"] } },
    // A project none of whose files run (the CLI's, on PostgreSQL) is left out, global set-up and all.
    projects: PROJECTS.filter((project) => Boolean(project.test?.include?.length)),
  },
});
