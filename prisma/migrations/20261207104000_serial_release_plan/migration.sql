-- A serial plan of N chapters a day with release times (issue 32 item 7, decision 0502).
-- Stored plans keep their cadence and release one chapter a day without a time, as before.
ALTER TABLE "Book" ADD COLUMN "releasesPerDay" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "Book" ADD COLUMN "releaseTimes" TEXT;
ALTER TABLE "Chapter" ADD COLUMN "releaseTime" TEXT;
