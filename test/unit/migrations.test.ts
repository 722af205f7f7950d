// @module-tag postgres
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migratedDatabase, POSTGRES, postgresUrl } from "../support/database";

const prisma = path.resolve("node_modules/.bin/prisma");
const folders = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

/** Tables, columns, indexes and foreign keys as SQLite reports them, independent of column order. */
function sqliteShape(file: string) {
  const sqlite = new Database(file, { readonly: true });
  try {
    const tables = sqlite
      // The library search index (ChapterSearch, its FTS5 shadow tables and ChapterSearchKey) is
      // not modelled by Prisma: a migration makes it, and the search tests prove it.
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'ChapterSearch%' AND name != '_prisma_migrations' ORDER BY name")
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((table) => [
        table,
        {
          columns: sqlite.prepare(`PRAGMA table_info("${table}")`).all().map((c) => ({ ...(c as object), cid: undefined })).sort(byName),
          indexes: (sqlite.prepare(`PRAGMA index_list("${table}")`).all() as { name: string; unique: number }[])
            .map((index) => ({
              name: index.name,
              unique: index.unique,
              columns: sqlite.prepare(`PRAGMA index_info("${index.name}")`).all().map((c) => (c as { name: string }).name),
            }))
            .sort(byName),
          // In column order: a column added later (ALTER TABLE) lists its key first.
          foreignKeys: sqlite
            .prepare(`PRAGMA foreign_key_list("${table}")`)
            .all()
            .map((f) => ({ ...(f as object), id: undefined, seq: undefined }))
            .sort((a, b) => String((a as unknown as { from: string }).from).localeCompare((b as unknown as { from: string }).from)),
        },
      ]),
    );
  } finally {
    sqlite.close();
  }
}
const byName = (a: unknown, b: unknown) => String((a as { name: string }).name).localeCompare((b as { name: string }).name);

describe("migration histories", () => {
  it("name the same migrations for SQLite and PostgreSQL", () => {
    expect(folders("prisma/migrations-postgres")).toEqual(folders("prisma/migrations"));
  });

  // Prisma's PostgreSQL migration runner splits a script at every semicolon, comments included
  // (SQLite's runs a script whole).
  it("hold no semicolon in a comment on PostgreSQL", () => {
    for (const dir of ["prisma/migrations-postgres"]) {
      for (const name of folders(dir)) {
        const comments = readFileSync(path.join(dir, name, "migration.sql"), "utf8").split("\n").filter((line) => line.trimStart().startsWith("--"));
        expect(comments.filter((line) => line.includes(";")), `${dir}/${name}`).toEqual([]);
      }
    }
  });

  // Prisma's own diff against the history needs a shadow database, which the SQLite driver adapter
  // cannot open here; so the history's result is compared with the schema's, built from nothing.
  it.skipIf(POSTGRES)("build on SQLite exactly the database the schema describes", async () => {
    const migrated = await migratedDatabase("drift");
    const fromSchema = path.join(mkdtempSync(path.join(tmpdir(), "inkstone-schema-")), "schema.db");
    const script = execFileSync(prisma, ["migrate", "diff", "--from-empty", "--to-schema-datamodel", "prisma/schema.prisma", "--script"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    const sqlite = new Database(fromSchema);
    sqlite.exec(script);
    sqlite.close();
    expect(sqliteShape(migrated.url.replace(/^file:/, ""))).toEqual(sqliteShape(fromSchema));
  }, 60_000);

  it.runIf(POSTGRES)("build on PostgreSQL exactly the database the schema describes", () => {
    // The schema as it is now, with its provider swapped (what `npm run db:generate` writes).
    const schema = path.join(mkdtempSync(path.join(tmpdir(), "inkstone-pg-schema-")), "schema.prisma");
    execFileSync(process.execPath, ["scripts/postgres-schema.mjs", "prisma/schema.prisma", schema]);
    const diff = spawnSync(
      prisma,
      ["migrate", "diff", "--config", "prisma.postgres.config.ts", "--from-migrations", "prisma/migrations-postgres",
        "--to-schema-datamodel", schema, "--script", "--exit-code"],
      { encoding: "utf8", env: { ...process.env, DATABASE_URL: postgresUrl("postgres") } },
    );
    // --exit-code: 0 when the history already builds the schema, 2 when a migration is missing
    // The library search's trigram indexes and the lower-cased copy of the text they serve are not
    // modelled by Prisma (it would drop them).
    const unmodelled = /^(-- DropIndex\nDROP INDEX "Chapter_search_(title|content_lower)_trgm";|-- AlterTable\nALTER TABLE "Chapter" DROP COLUMN "contentLower";)$/gm;
    const rest = diff.stdout.replace(unmodelled, "").trim().replace(/^-- This is an empty migration\.$/m, "").trim();
    expect(rest).toBe("");
    expect(diff.status === 0 || rest === "").toBe(true);
  }, 60_000);
});
