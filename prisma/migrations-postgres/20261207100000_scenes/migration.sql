-- CreateTable
-- Scenes of a chapter (issue 35 item 1): stretches of a chapter's text, each keeping its id through
-- edits and moves. Chapters the writer has not split have none.
CREATE TABLE "Scene" (
    "id" TEXT NOT NULL,
    "bookId" TEXT NOT NULL,
    "chapterId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Scene_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Scene_chapterId_position_idx" ON "Scene"("chapterId", "position");

-- CreateIndex
CREATE INDEX "Scene_bookId_idx" ON "Scene"("bookId");

-- AddForeignKey
ALTER TABLE "Scene" ADD CONSTRAINT "Scene_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Scene" ADD CONSTRAINT "Scene_chapterId_fkey" FOREIGN KEY ("chapterId") REFERENCES "Chapter"("id") ON DELETE CASCADE ON UPDATE CASCADE;
