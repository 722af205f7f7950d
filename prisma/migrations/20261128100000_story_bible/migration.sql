-- CreateTable
CREATE TABLE "Series" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ownerId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Series_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BibleEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "bookId" TEXT,
    "seriesId" TEXT,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "aliases" TEXT NOT NULL DEFAULT '[]',
    "description" TEXT NOT NULL DEFAULT '',
    "fields" TEXT NOT NULL DEFAULT '[]',
    "tags" TEXT NOT NULL DEFAULT '[]',
    "statusNote" TEXT NOT NULL DEFAULT '',
    "exitChapterId" TEXT,
    "pictureMediaType" TEXT,
    "pictureSize" INTEGER,
    "pictureUpdatedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "BibleEntry_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BibleEntry_seriesId_fkey" FOREIGN KEY ("seriesId") REFERENCES "Series" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BibleEntry_exitChapterId_fkey" FOREIGN KEY ("exitChapterId") REFERENCES "Chapter" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BibleRelation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "fromId" TEXT NOT NULL,
    "toId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "BibleRelation_fromId_fkey" FOREIGN KEY ("fromId") REFERENCES "BibleEntry" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BibleRelation_toId_fkey" FOREIGN KEY ("toId") REFERENCES "BibleEntry" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BibleMention" (
    "entryId" TEXT NOT NULL,
    "chapterId" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "spans" TEXT NOT NULL,

    PRIMARY KEY ("entryId", "chapterId"),
    CONSTRAINT "BibleMention_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "BibleEntry" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BibleMention_chapterId_fkey" FOREIGN KEY ("chapterId") REFERENCES "Chapter" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BibleMentionScan" (
    "chapterId" TEXT NOT NULL PRIMARY KEY,
    "chapterVersion" INTEGER NOT NULL,
    "signature" TEXT NOT NULL,
    "scannedAt" DATETIME NOT NULL,
    CONSTRAINT "BibleMentionScan_chapterId_fkey" FOREIGN KEY ("chapterId") REFERENCES "Chapter" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BiblePictureChunk" (
    "entryId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "bytes" BLOB NOT NULL,

    PRIMARY KEY ("entryId", "seq"),
    CONSTRAINT "BiblePictureChunk_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "BibleEntry" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable
-- SQLite adds a column with a foreign key in place when its default is NULL: no copy of the books.
ALTER TABLE "Book" ADD COLUMN "seriesId" TEXT REFERENCES "Series" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Book" ADD COLUMN "seriesPosition" INTEGER;

-- CreateIndex
CREATE INDEX "Book_seriesId_idx" ON "Book"("seriesId");

-- CreateIndex
CREATE INDEX "Series_ownerId_idx" ON "Series"("ownerId");

-- CreateIndex
CREATE INDEX "BibleEntry_bookId_idx" ON "BibleEntry"("bookId");

-- CreateIndex
CREATE INDEX "BibleEntry_seriesId_idx" ON "BibleEntry"("seriesId");

-- CreateIndex
CREATE INDEX "BibleEntry_exitChapterId_idx" ON "BibleEntry"("exitChapterId");

-- CreateIndex
CREATE INDEX "BibleRelation_fromId_idx" ON "BibleRelation"("fromId");

-- CreateIndex
CREATE INDEX "BibleRelation_toId_idx" ON "BibleRelation"("toId");

-- CreateIndex
CREATE INDEX "BibleMention_chapterId_idx" ON "BibleMention"("chapterId");

