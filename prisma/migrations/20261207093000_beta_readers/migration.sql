-- Beta readers on a shared snapshot (issue 36 item 5, decision 0497): what a book shares with its
-- readers, each reader's number on the book, their place per chapter of a snapshot and their
-- reactions on its paragraphs. A notification of a reader's activity names the chapter.
-- AlterTable
ALTER TABLE "Notification" ADD COLUMN "chapterId" TEXT;

-- CreateTable
CREATE TABLE "ReaderShare" (
    "bookId" TEXT NOT NULL PRIMARY KEY,
    "snapshotId" TEXT,
    "showNames" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ReaderShare_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ReaderShare_snapshotId_fkey" FOREIGN KEY ("snapshotId") REFERENCES "Snapshot" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BookReader" (
    "bookId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("bookId", "userId"),
    CONSTRAINT "BookReader_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BookReader_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReadingPlace" (
    "snapshotId" TEXT NOT NULL,
    "chapterId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "bookId" TEXT NOT NULL,
    "paragraph" INTEGER NOT NULL,
    "finishedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("snapshotId", "chapterId", "userId"),
    CONSTRAINT "ReadingPlace_snapshotId_fkey" FOREIGN KEY ("snapshotId") REFERENCES "Snapshot" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ReadingPlace_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ParagraphReaction" (
    "snapshotId" TEXT NOT NULL,
    "chapterId" TEXT NOT NULL,
    "paragraph" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "reaction" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("snapshotId", "chapterId", "paragraph", "userId"),
    CONSTRAINT "ParagraphReaction_snapshotId_fkey" FOREIGN KEY ("snapshotId") REFERENCES "Snapshot" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ParagraphReaction_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ReaderShare_snapshotId_idx" ON "ReaderShare"("snapshotId");

-- CreateIndex
CREATE INDEX "BookReader_userId_idx" ON "BookReader"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "BookReader_bookId_number_key" ON "BookReader"("bookId", "number");

-- CreateIndex
CREATE INDEX "ReadingPlace_userId_idx" ON "ReadingPlace"("userId");

-- CreateIndex
CREATE INDEX "ReadingPlace_bookId_idx" ON "ReadingPlace"("bookId");

-- CreateIndex
CREATE INDEX "ParagraphReaction_userId_idx" ON "ParagraphReaction"("userId");
