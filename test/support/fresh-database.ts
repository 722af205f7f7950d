// Runs before each unit test file: points the app at its own copy of the migrated template
// database, so every file starts empty and files never see each other's rows.
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { onPostgres, POSTGRES, postgresUrl } from "./postgres-server";

const dir = mkdtempSync(path.join(tmpdir(), "inkstone-unit-"));
const template = inject("templateDatabase");
if (POSTGRES) {
  const database = `inkstone_unit_${randomBytes(6).toString("hex")}`;
  await onPostgres(`CREATE DATABASE "${database}" TEMPLATE "${template}"`);
  process.env.DATABASE_URL = postgresUrl(database);
} else {
  const file = path.join(dir, "inkstone.db");
  copyFileSync(template, file);
  process.env.DATABASE_URL = `file:${file}`;
}
process.env.INKSTONE_DATA_DIR = dir;
// Use cases called without a client address share one sign-up bucket, and a file signs up many
// writers; the limit has its own tests (sign-in-limits).
process.env.INKSTONE_SIGNUP_ATTEMPTS ??= "100000";
delete (globalThis as { inkstoneDatabases?: unknown }).inkstoneDatabases;
