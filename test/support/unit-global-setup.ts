import path from "node:path";
import type { TestProject } from "vitest/node";
import { migratedDatabase, POSTGRES } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

// Migrating once and copying the template per test file is much faster than migrating each time:
// a file on SQLite, a template database (CREATE DATABASE … TEMPLATE) on PostgreSQL.
export default async function setup(project: TestProject) {
  const { url } = await migratedDatabase("template");
  project.provide("templateDatabase", POSTGRES ? new URL(url).pathname.slice(1) : path.resolve(url.slice("file:".length)));
}
