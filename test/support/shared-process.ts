// Runs before each file of the unit-shared project (vitest.config.ts): files that run one after
// another in one process, without vitest's isolation, because they open no database and set no
// environment variable. Nothing here gives them a database; a temporary data folder keeps whatever
// reads the configuration away from ./data. A file that breaks the rule fails here, by name, rather
// than the next file failing by chance: it belongs in the `unit` project (drop its `shared` tag).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

const DATA_DIR = Symbol.for("inkstone.test.sharedDataDir");
const shared = globalThis as { [DATA_DIR]?: string; inkstoneDatabase?: unknown };

if (shared[DATA_DIR] === undefined) {
  const dir = (shared[DATA_DIR] = mkdtempSync(path.join(tmpdir(), "inkstone-shared-")));
  process.env.INKSTONE_DATA_DIR = dir;
  // A database no one made: a file that opens it finds no tables, and the check below says why.
  process.env.DATABASE_URL = `file:${path.join(dir, "no-database.db")}`;
}

/**
 * The variables the server and its tools read (server/env-schema.mjs, next-auth's, the PATH the
 * converters search), in an order that does not depend on when each was set; a library may set its
 * own as it loads (sharp's VIPSHOME), which concerns no other file.
 */
const CONFIGURATION = /^(INKSTONE_|AUTH_|NEXTAUTH_|NEXT_|DATABASE_URL$|NODE_ENV$|PATH$)/;
const environment = () =>
  JSON.stringify(
    Object.entries(process.env)
      .filter(([name]) => CONFIGURATION.test(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
// What the file starts with, so that a check blames only the file that broke the rule.
const before = environment();
const databaseBefore = shared.inkstoneDatabase;

function check(when: string) {
  if (shared.inkstoneDatabase !== databaseBefore) throw new Error(`This file opened the database ${when}: it cannot share a process with other files. Remove its "// @module-tag shared" line.`);
  if (environment() !== before) throw new Error(`This file changed the environment ${when}: it cannot share a process with other files. Remove its "// @module-tag shared" line.`);
}

// Before the file's own hooks and tests, after it has been imported (a file that sets a variable
// before importing the server does it at its top level); and again once it is done.
beforeAll(() => check("as it loaded"));
afterAll(() => check("by its end"));
