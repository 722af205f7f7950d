import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit files that never open the database: the engines (conversion, analysis, search, text) and
// pure modules. `npm run test:postgres` runs the suites again on PostgreSQL to prove the queries and
// use cases there; these would only run the same engine code twice, and on a two-core CI machine
// they only made its run longer.
export const DATABASE_FREE_UNIT_FILES = [
  "test/unit/{accept,api-docs,book-language,build-stamp,content-disposition,json-problem,markdown-heading,merge-texts}.test.ts",
  "test/unit/{npm-scripts,openapi,openapi-lint,pasted-html,prose,segmenter,smart-punctuation,split-chapters}.test.ts",
  "test/unit/{word-change,word-count,writing-input,bible-marks,bible-sentence,search-engine}.test.ts",
  "test/unit/analysis-{engine-*,reports,reports-pathological,reading,mentions,honest-templates,compare-series,novels}.test.ts",
  "test/unit/analysis-{chart-tooltip,run-progress}.test.ts",
  "test/unit/convert-{engine,engine-pathological,engine-writer-failures,exports,formats,paragraphs,pdf,zip}.test.ts",
  "test/unit/export-compile.test.ts",
];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // next-auth imports "next/server" without an extension, which only a bundler resolves.
    server: { deps: { inline: ["next-auth"] } },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          exclude: process.env.INKSTONE_TEST_POSTGRES ? DATABASE_FREE_UNIT_FILES : [],
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
          include: ["test/http/**/*.test.ts"],
          globalSetup: ["test/support/server.ts"],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "cli",
          include: ["test/cli/**/*.test.ts"],
          globalSetup: ["test/support/cli-server.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
