-- Issue 22: the writer's zone and goals, a book's deadline and release plan, chapters' release
-- dates, and the writing ledger.
ALTER TABLE "User" ADD COLUMN "timeZone" TEXT NOT NULL DEFAULT 'UTC';
ALTER TABLE "User" ADD COLUMN "dailyGoal" INTEGER;
ALTER TABLE "User" ADD COLUMN "sessionGoal" INTEGER;
ALTER TABLE "User" ADD COLUMN "daysOff" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "User" ADD COLUMN "minimumBufferDays" INTEGER;

ALTER TABLE "Book" ADD COLUMN "deadline" TEXT;
ALTER TABLE "Book" ADD COLUMN "releaseCadence" TEXT;
ALTER TABLE "Book" ADD COLUMN "releaseStart" TEXT;
ALTER TABLE "Book" ADD COLUMN "minimumBufferDays" INTEGER;

ALTER TABLE "Chapter" ADD COLUMN "releaseDate" TEXT;
ALTER TABLE "Chapter" ADD COLUMN "releasedAt" DATETIME;

-- CreateTable
CREATE TABLE "WritingDay" (
    "userId" TEXT NOT NULL,
    "bookId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "written" INTEGER NOT NULL DEFAULT 0,
    "removed" INTEGER NOT NULL DEFAULT 0,
    "imported" INTEGER NOT NULL DEFAULT 0,
    "restored" INTEGER NOT NULL DEFAULT 0,
    "wordCount" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("userId", "day", "bookId"),
    CONSTRAINT "WritingDay_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "WritingDay_bookId_day_idx" ON "WritingDay"("bookId", "day");
