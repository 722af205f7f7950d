-- Named snapshots (issue 36 item 4, decision 0489): a snapshot holds, per chapter, the revision of
-- its version then, and RESTRICT keeps a held revision from being deleted. A restore's revision names
-- the snapshot it came from (a plain column: a foreign key would make SQLite copy every revision).
-- AlterTable
ALTER TABLE "ChapterRevision" ADD COLUMN "snapshotId" TEXT;

-- CreateTable
CREATE TABLE "Snapshot" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "bookId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "authorId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "chapterCount" INTEGER NOT NULL,
    "wordCount" INTEGER NOT NULL,
    CONSTRAINT "Snapshot_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SnapshotChapter" (
    "snapshotId" TEXT NOT NULL,
    "chapterId" TEXT NOT NULL,
    "revisionId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "wordCount" INTEGER NOT NULL,

    PRIMARY KEY ("snapshotId", "chapterId"),
    CONSTRAINT "SnapshotChapter_snapshotId_fkey" FOREIGN KEY ("snapshotId") REFERENCES "Snapshot" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SnapshotChapter_revisionId_fkey" FOREIGN KEY ("revisionId") REFERENCES "ChapterRevision" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Snapshot_bookId_name_key" ON "Snapshot"("bookId", "name");

-- CreateIndex
CREATE INDEX "SnapshotChapter_chapterId_idx" ON "SnapshotChapter"("chapterId");

-- CreateIndex
CREATE INDEX "SnapshotChapter_revisionId_idx" ON "SnapshotChapter"("revisionId");

