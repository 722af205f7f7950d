import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildConvertWorker } from "../../scripts/build-convert-worker.mjs";
import { migratedDatabase, POSTGRES } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

// Migrating once and copying the template per test file is much faster than migrating each time:
// a file on SQLite, a template database (CREATE DATABASE … TEMPLATE) on PostgreSQL.
export default async function setup(project: TestProject) {
  // The conversion pool loads its worker from a bundle; rebuilt so it never runs stale engine code.
  await buildConvertWorker();
  const { url } = await migratedDatabase("template");
  project.provide("templateDatabase", POSTGRES ? new URL(url).pathname.slice(1) : path.resolve(url.slice("file:".length)));
}
