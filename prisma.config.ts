import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";
import { readEnv } from "./server/env-schema.mjs";

// With a config file the Prisma CLI no longer reads .env on its own.
try {
  process.loadEnvFile();
} catch {}
// No Prisma client is generated (queries are Kysely's), so the CLI cannot tell from a client
// generator that no query engine is wanted, and would download one: say so here.
process.env.PRISMA_CLIENT_ENGINE_TYPE ??= "client";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  async adapter() {
    return new PrismaBetterSQLite3({ url: readEnv(process.env).DATABASE_URL });
  },
});
