-- AlterTable
ALTER TABLE "AnalysisResult" ADD COLUMN     "bookVersion" TEXT;

-- CreateIndex
CREATE INDEX "AnalysisResult_bookId_templateId_idx" ON "AnalysisResult"("bookId", "templateId");

-- Library search ignores apostrophes now (issue 20 item 9: "heros journey" finds Hero's Journey):
-- the stored search text of every template drops them, as searchTextOf does for new writes.
UPDATE "AnalysisTemplate" SET "searchText" = replace(replace(replace("searchText", '''', ''), '’', ''), 'ʼ', '');
