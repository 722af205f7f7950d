import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { defineConfig } from "prisma/config";
import { isPostgresUrl, readEnv } from "./server/env-schema.mjs";

// The Prisma CLI's configuration for PostgreSQL (`--config prisma.postgres.config.ts`): the
// generated schema (scripts/postgres-schema.mjs) and its own migration history, beside SQLite's.
// scripts/migrate.mjs (`npm run db:migrate`, `npm start`) chooses it when DATABASE_URL is PostgreSQL.

try {
  process.loadEnvFile();
} catch {}
// No Prisma client is generated (queries are Kysely's), so the CLI cannot tell from a client
// generator that no query engine is wanted, and would download one: say so here.
process.env.PRISMA_CLIENT_ENGINE_TYPE ??= "client";

// Prisma 6.19's schema engine reads catalog columns of PostgreSQL's `name` and `char` types,
// which the driver adapter cannot deserialize ("Column type 'name' could not be deserialized",
// prisma/orm#27403): every migrate command fails. They are text, so the CLI's connections report
// them as text (and arrays of them as text[]). Only the Prisma CLI loads this file, so the patch
// lives in the migration command's process alone; the server's own pg connections
// (server/sql/postgres.ts) are never patched, and its queries never read such columns.
// It can go when a Prisma release deserializes these types itself (the issue above closed): delete
// it, and `npm run test:postgres` (test/unit/migrations.test.ts migrates a fresh database) says
// whether migrations still apply.
const AS_TEXT: Record<number, number> = { 19: 25, 18: 25, 1003: 1009, 1002: 1009 };
type Answer = { fields?: { dataTypeID: number }[] } | undefined;
const asText = (answer: Answer) => {
  for (const field of answer?.fields ?? []) field.dataTypeID = AS_TEXT[field.dataTypeID] ?? field.dataTypeID;
  return answer;
};
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
// pg's Pool calls Client#query with a callback; the adapter's transactions with a promise.
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const last = args.length - 1;
  if (typeof args[last] === "function") {
    const callback = args[last] as (error: unknown, answer: Answer) => void;
    args[last] = (error: unknown, answer: Answer) => callback(error, asText(answer));
  }
  const result = query.apply(this, args);
  return result instanceof Promise ? result.then(asText) : result;
} as typeof pg.Client.prototype.query;

function connection() {
  const { DATABASE_URL } = readEnv(process.env);
  if (!isPostgresUrl(DATABASE_URL)) throw new Error("prisma.postgres.config.ts migrates PostgreSQL: set DATABASE_URL to a postgresql:// URL");
  const url = new URL(DATABASE_URL);
  return {
    // Separate fields, not a connection string: the adapter builds the shadow database's
    // connection by overriding `database`, which a connection string would take precedence over.
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.slice(1)),
    // Idle connections kept open hold each CLI command ~10 s at exit.
    idleTimeoutMillis: 100,
  };
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/postgres/schema.prisma",
  migrations: { path: "prisma/migrations-postgres" },
  async adapter() {
    return new PrismaPg(connection());
  },
});
