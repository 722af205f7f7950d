import path from "node:path";
import type { TestProject } from "vitest/node";
import { migratedDatabase } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

// Migrating once and copying the file per test file is much faster than migrating each time.
export default function setup(project: TestProject) {
  const { url } = migratedDatabase("template");
  project.provide("templateDatabase", path.resolve(url.slice("file:".length)));
}
