-- CreateTable
-- Foreshadowing (伏笔) of a book (issue 35 item 3, decision 0501): a setup, its payoff or a deadline
-- chapter (an existing chapter, or a chapter number not yet written).
CREATE TABLE "Foreshadowing" (
    "id" TEXT NOT NULL,
    "bookId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "state" TEXT NOT NULL DEFAULT 'planted',
    "setupChapterId" TEXT NOT NULL,
    "setupSceneId" TEXT,
    "setupQuote" TEXT,
    "setupPrefix" TEXT,
    "setupSuffix" TEXT,
    "setupStart" INTEGER,
    "setupEnd" INTEGER,
    "payoffChapterId" TEXT,
    "payoffSceneId" TEXT,
    "payoffQuote" TEXT,
    "payoffPrefix" TEXT,
    "payoffSuffix" TEXT,
    "payoffStart" INTEGER,
    "payoffEnd" INTEGER,
    "deadlineChapterId" TEXT,
    "deadlineChapterNumber" INTEGER,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "settledAt" TIMESTAMP(3),

    CONSTRAINT "Foreshadowing_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Foreshadowing_bookId_createdAt_idx" ON "Foreshadowing"("bookId", "createdAt");

-- CreateIndex
CREATE INDEX "Foreshadowing_setupChapterId_idx" ON "Foreshadowing"("setupChapterId");

-- CreateIndex
CREATE INDEX "Foreshadowing_payoffChapterId_idx" ON "Foreshadowing"("payoffChapterId");

-- CreateIndex
CREATE INDEX "Foreshadowing_deadlineChapterId_idx" ON "Foreshadowing"("deadlineChapterId");

-- AddForeignKey
ALTER TABLE "Foreshadowing" ADD CONSTRAINT "Foreshadowing_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Foreshadowing" ADD CONSTRAINT "Foreshadowing_setupChapterId_fkey" FOREIGN KEY ("setupChapterId") REFERENCES "Chapter"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Foreshadowing" ADD CONSTRAINT "Foreshadowing_payoffChapterId_fkey" FOREIGN KEY ("payoffChapterId") REFERENCES "Chapter"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Foreshadowing" ADD CONSTRAINT "Foreshadowing_deadlineChapterId_fkey" FOREIGN KEY ("deadlineChapterId") REFERENCES "Chapter"("id") ON DELETE SET NULL ON UPDATE CASCADE;
