-- Issue 22: the writer's zone and goals, a book's deadline and release plan, chapters' release
-- dates, and the writing ledger.
ALTER TABLE "User" ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'UTC',
ADD COLUMN     "dailyGoal" INTEGER,
ADD COLUMN     "sessionGoal" INTEGER,
ADD COLUMN     "daysOff" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "minimumBufferDays" INTEGER;

ALTER TABLE "Book" ADD COLUMN     "deadline" TEXT,
ADD COLUMN     "releaseCadence" TEXT,
ADD COLUMN     "releaseStart" TEXT,
ADD COLUMN     "minimumBufferDays" INTEGER;

ALTER TABLE "Chapter" ADD COLUMN     "releaseDate" TEXT,
ADD COLUMN     "releasedAt" TIMESTAMP(3);

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
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WritingDay_pkey" PRIMARY KEY ("userId","day","bookId")
);

-- CreateIndex
CREATE INDEX "WritingDay_bookId_day_idx" ON "WritingDay"("bookId", "day");

-- AddForeignKey
ALTER TABLE "WritingDay" ADD CONSTRAINT "WritingDay_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
