-- AlterTable
ALTER TABLE "Chapter" ADD COLUMN "deletedAt" DATETIME;

-- CreateIndex
CREATE INDEX "Chapter_deletedAt_idx" ON "Chapter"("deletedAt");

