// @module-tag postgres
// Issue 35 item 1: books written before parts existed keep working. A database migrated up to the
// migration before parts holds a book; the parts migration then runs over it, and the book reads
// as it did: its chapters in their order, outside any part, with the order version at 1.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { entriesOf } from "@/server/parts/contents-tree";
import { onPostgres, POSTGRES, postgresUrl } from "../support/database";

const PARTS = "20261206170000_book_parts";
const scripts = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name, "migration.sql"), "utf8") }));

const BOOK = `INSERT INTO "User" ("id", "email", "passwordHash", "role", "createdAt", "updatedAt") VALUES ('u1', 'old@example.com', 'x', 'writer', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`;
const BOOK_ROW = `INSERT INTO "Book" ("id", "ownerId", "title", "updatedAt") VALUES ('b1', 'u1', '三国', CURRENT_TIMESTAMP)`;
const chapter = (id: string, position: number) =>
  `INSERT INTO "Chapter" ("id", "bookId", "title", "position", "content", "wordCount", "updatedAt") VALUES ('${id}', 'b1', '第${position}回', ${position}, '正文', 2, CURRENT_TIMESTAMP)`;

async function afterParts(run: (statement: string) => Promise<unknown>, all: (query: string) => Promise<Record<string, unknown>[]>) {
  const history = scripts(POSTGRES ? "prisma/migrations-postgres" : "prisma/migrations");
  const before = history.filter((m) => m.name < PARTS);
  expect(history.map((m) => m.name)).toContain(PARTS);
  for (const migration of before) await run(migration.sql);
  for (const statement of [BOOK, BOOK_ROW, chapter("c2", 2), chapter("c1", 1), chapter("c3", 3)]) await run(statement);
  await run(history.find((m) => m.name === PARTS)!.sql);
  const chapters = await all(`SELECT "id", "partId" FROM "Chapter" ORDER BY "position"`);
  const book = await all(`SELECT "orderVersion" FROM "Book"`);
  const parts = await all(`SELECT "id" FROM "Part"`);
  return { chapters, book, parts };
}

describe("the parts migration over a book written before it", () => {
  it("leaves every chapter in its place, outside any part, and the order version at 1", async () => {
    let found;
    if (!POSTGRES) {
      const file = path.join(mkdtempSync(path.join(tmpdir(), "inkstone-parts-migration-")), "old.db");
      const sqlite = new Database(file);
      try {
        found = await afterParts(async (statement) => sqlite.exec(statement), async (query) => sqlite.prepare(query).all() as Record<string, unknown>[]);
      } finally {
        sqlite.close();
      }
    } else {
      const database = `inkstone_parts_migration_${randomBytes(6).toString("hex")}`;
      await onPostgres(`CREATE DATABASE "${database}"`);
      const client = new pg.Client({ connectionString: postgresUrl(database) });
      await client.connect();
      try {
        found = await afterParts((statement) => client.query(statement), async (query) => (await client.query(query)).rows);
      } finally {
        await client.end();
        await onPostgres(`DROP DATABASE "${database}"`);
      }
    }
    expect(found.chapters).toEqual([{ id: "c1", partId: null }, { id: "c2", partId: null }, { id: "c3", partId: null }]);
    expect(found.book).toEqual([{ orderVersion: 1 }]);
    expect(found.parts).toEqual([]);
    const entries = entriesOf({ chapters: found.chapters as { id: string; partId: string | null }[], parts: [] });
    expect(entries).toEqual([{ chapterId: "c1" }, { chapterId: "c2" }, { chapterId: "c3" }]);
  });
});
