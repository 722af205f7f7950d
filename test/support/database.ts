import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A new, empty, fully migrated SQLite database file in a temporary folder. */
export function migratedDatabase(label: string): { dir: string; url: string } {
  const dir = mkdtempSync(path.join(tmpdir(), `inkstone-${label}-`));
  const url = `file:${path.join(dir, "inkstone.db")}`;
  execFileSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: "pipe",
  });
  return { dir, url };
}
