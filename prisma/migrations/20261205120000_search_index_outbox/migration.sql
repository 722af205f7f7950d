-- CreateTable
CREATE TABLE "Outbox" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "topic" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claimedUntil" DATETIME
);

-- CreateIndex
CREATE INDEX "Outbox_topic_subjectId_idx" ON "Outbox"("topic", "subjectId");

-- The library search index (issue 30 item 4, decision 0443) moves off the write: FTS5 indexed a
-- 4.8 MB chapter in about two seconds inside the save's transaction, on the thread that answers
-- everyone. Now a chapter write only leaves a row in the outbox, in the same transaction, and
-- server/search/index-chapter.ts indexes the chapter afterwards in parts of at most 16 Ki
-- characters, one short statement each. ChapterSearchPart numbers the parts (replacing
-- ChapterSearchKey, one row per chapter) and names the chapter version they were cut from.
DROP TRIGGER "Chapter_search_insert";
DROP TRIGGER "Chapter_search_update";
DROP TRIGGER "Chapter_search_delete";
DROP TABLE "ChapterSearch";
DROP TABLE "ChapterSearchKey";
CREATE TABLE "ChapterSearchPart" ("id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, "chapterId" TEXT NOT NULL, "version" INTEGER NOT NULL);
CREATE INDEX "ChapterSearchPart_chapterId_idx" ON "ChapterSearchPart"("chapterId");
CREATE VIRTUAL TABLE "ChapterSearch" USING fts5("title", "content", content='', contentless_delete=1, tokenize='trigram');

CREATE TRIGGER "Chapter_search_insert" AFTER INSERT ON "Chapter" BEGIN
  INSERT INTO "Outbox" ("topic", "subjectId", "createdAt") VALUES ('chapter-search', NEW."id", strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;

CREATE TRIGGER "Chapter_search_update" AFTER UPDATE OF "title", "content" ON "Chapter"
WHEN OLD."title" IS NOT NEW."title" OR OLD."content" IS NOT NEW."content" BEGIN
  INSERT INTO "Outbox" ("topic", "subjectId", "createdAt") VALUES ('chapter-search', NEW."id", strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;

CREATE TRIGGER "Chapter_search_delete" AFTER DELETE ON "Chapter" BEGIN
  DELETE FROM "ChapterSearch" WHERE "rowid" IN (SELECT "id" FROM "ChapterSearchPart" WHERE "chapterId" = OLD."id");
  DELETE FROM "ChapterSearchPart" WHERE "chapterId" = OLD."id";
END;

-- The chapters written before this migration are indexed again after the start, in the background.
INSERT INTO "Outbox" ("topic", "subjectId", "createdAt") SELECT 'chapter-search', "id", strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') FROM "Chapter";
