import { sql as rawSql } from "kysely";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { seedBuiltInTemplates } from "@/server/analysis/seed-templates";
import { kyselyFor, migratedDatabase, POSTGRES } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

// Migrating once and copying the template per test file is much faster than migrating each time:
// a file on SQLite, a template database (CREATE DATABASE … TEMPLATE) on PostgreSQL. The template
// holds what every server start seeds (the built-in analysis templates), as a fresh clone's would.
export default async function setup(project: TestProject) {
  const { url, dir } = await migratedDatabase("template");
  const database = kyselyFor(url, dir);
  try {
    await seedBuiltInTemplates(database);
    // The copy takes the database file alone: fold the write-ahead log into it first.
    if (!POSTGRES) await rawSql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database);
  } finally {
    await database.destroy();
  }
  project.provide("templateDatabase", POSTGRES ? new URL(url).pathname.slice(1) : path.resolve(url.slice("file:".length)));
}
