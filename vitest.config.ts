import path from "node:path";
import { defineConfig } from "vitest/config";

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
