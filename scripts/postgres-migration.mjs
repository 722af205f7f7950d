#!/usr/bin/env node
// `npm run db:migration:postgres -- <name> [schema]`: writes prisma/migrations-postgres/<name>/,
// the PostgreSQL twin of the SQLite migration of the same name. It diffs what the PostgreSQL
// history builds so far (replayed in a shadow database) against the schema — the current one, or
// the file given (a past state, to rebuild the history). Needs a PostgreSQL server: DATABASE_URL,
// whose database is left alone (the diff runs in a throwaway shadow database).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [name, source = path.join(root, "prisma/schema.prisma")] = process.argv.slice(2);
if (!name || !/^\d{14}_[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:migration:postgres -- <yyyymmddhhmmss_name> [schema.prisma]");
  process.exit(2);
}
if (!/^postgres(ql)?:/.test(process.env.DATABASE_URL ?? "")) {
  console.error("Set DATABASE_URL to a PostgreSQL server (postgresql://…) for the shadow database.");
  process.exit(2);
}

const target = path.join(mkdtempSync(path.join(os.tmpdir(), "inkstone-pg-schema-")), "schema.prisma");
execFileSync(process.execPath, [path.join(root, "scripts/postgres-schema.mjs"), source, target], { stdio: "inherit" });
const sql = execFileSync(
  path.join(root, "node_modules/.bin/prisma"),
  ["migrate", "diff", "--config", "prisma.postgres.config.ts", "--from-migrations", "prisma/migrations-postgres", "--to-schema-datamodel", target, "--script"],
  { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
);
const folder = path.join(root, "prisma/migrations-postgres", name);
mkdirSync(folder, { recursive: true });
writeFileSync(path.join(folder, "migration.sql"), sql);
console.log(`wrote ${path.relative(root, folder)}/migration.sql`);
