// Runs before each unit test file: points the app at its own copy of the migrated template
// database, so every file starts empty and files never see each other's rows.
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";

const dir = mkdtempSync(path.join(tmpdir(), "inkstone-unit-"));
const file = path.join(dir, "inkstone.db");
copyFileSync(inject("templateDatabase"), file);
process.env.DATABASE_URL = `file:${file}`;
process.env.INKSTONE_DATA_DIR = dir;
delete (globalThis as { inkstoneDatabases?: unknown }).inkstoneDatabases;
