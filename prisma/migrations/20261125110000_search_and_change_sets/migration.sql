-- CreateTable
CREATE TABLE "ChangeSet" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "bookId" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "replacement" TEXT NOT NULL,
    "options" TEXT NOT NULL,
    "replaced" INTEGER NOT NULL,
    "chapterCount" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undoneAt" DATETIME,
    CONSTRAINT "ChangeSet_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ChangeSet_bookId_createdAt_idx" ON "ChangeSet"("bookId", "createdAt");

-- AlterTable
-- SQLite adds a column with a foreign key in place when its default is NULL: no copy of the revisions.
ALTER TABLE "ChapterRevision" ADD COLUMN "changeSetId" TEXT REFERENCES "ChangeSet" ("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateIndex
CREATE INDEX "ChapterRevision_changeSetId_idx" ON "ChapterRevision"("changeSetId");

-- The library search index (issue 23), which Prisma does not model: an FTS5 table with the trigram
-- tokenizer, holding no copy of the text (contentless), kept current by triggers on every chapter
-- write, whatever code makes it. FTS5 rows are numbered, and a Chapter's own rowid may change in a
-- VACUUM, so ChapterSearchKey gives each chapter a stable number.
CREATE TABLE "ChapterSearchKey" ("id" INTEGER NOT NULL PRIMARY KEY, "chapterId" TEXT NOT NULL UNIQUE);
CREATE VIRTUAL TABLE "ChapterSearch" USING fts5("title", "content", content='', contentless_delete=1, tokenize='trigram');

CREATE TRIGGER "Chapter_search_insert" AFTER INSERT ON "Chapter" BEGIN
  INSERT INTO "ChapterSearchKey" ("chapterId") VALUES (NEW."id");
  INSERT INTO "ChapterSearch" ("rowid", "title", "content") VALUES ((SELECT "id" FROM "ChapterSearchKey" WHERE "chapterId" = NEW."id"), NEW."title", NEW."content");
END;

CREATE TRIGGER "Chapter_search_update" AFTER UPDATE OF "title", "content" ON "Chapter"
WHEN OLD."title" IS NOT NEW."title" OR OLD."content" IS NOT NEW."content" BEGIN
  DELETE FROM "ChapterSearch" WHERE "rowid" = (SELECT "id" FROM "ChapterSearchKey" WHERE "chapterId" = OLD."id");
  INSERT INTO "ChapterSearch" ("rowid", "title", "content") VALUES ((SELECT "id" FROM "ChapterSearchKey" WHERE "chapterId" = NEW."id"), NEW."title", NEW."content");
END;

CREATE TRIGGER "Chapter_search_delete" AFTER DELETE ON "Chapter" BEGIN
  DELETE FROM "ChapterSearch" WHERE "rowid" = (SELECT "id" FROM "ChapterSearchKey" WHERE "chapterId" = OLD."id");
  DELETE FROM "ChapterSearchKey" WHERE "chapterId" = OLD."id";
END;

-- The chapters written before this migration.
INSERT INTO "ChapterSearchKey" ("chapterId") SELECT "id" FROM "Chapter";
INSERT INTO "ChapterSearch" ("rowid", "title", "content") SELECT k."id", c."title", c."content" FROM "Chapter" c JOIN "ChapterSearchKey" k ON k."chapterId" = c."id";
