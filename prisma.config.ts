import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";
import { readEnv } from "./server/env-schema.mjs";

// With a config file the Prisma CLI no longer reads .env on its own.
try {
  process.loadEnvFile();
} catch {}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  async adapter() {
    return new PrismaBetterSQLite3({ url: readEnv(process.env).DATABASE_URL });
  },
});
