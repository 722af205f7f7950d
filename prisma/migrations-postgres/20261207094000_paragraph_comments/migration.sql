-- Readers' comments on a paragraph of a shared snapshot (issue 36 item 5, decision 0497)
CREATE TABLE "ParagraphComment" (
    "id" TEXT NOT NULL,
    "snapshotId" TEXT NOT NULL,
    "chapterId" TEXT NOT NULL,
    "paragraph" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ParagraphComment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ParagraphComment_snapshotId_chapterId_paragraph_idx" ON "ParagraphComment"("snapshotId", "chapterId", "paragraph");

-- CreateIndex
CREATE INDEX "ParagraphComment_userId_idx" ON "ParagraphComment"("userId");

-- AddForeignKey
ALTER TABLE "ParagraphComment" ADD CONSTRAINT "ParagraphComment_snapshotId_fkey" FOREIGN KEY ("snapshotId") REFERENCES "Snapshot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ParagraphComment" ADD CONSTRAINT "ParagraphComment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
