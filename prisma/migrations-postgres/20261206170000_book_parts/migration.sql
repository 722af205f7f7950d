-- Parts (卷) of a book (issue 35 item 1, decision 0488): see the SQLite migration of the same name.
-- AlterTable
ALTER TABLE "Book" ADD COLUMN     "orderVersion" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Chapter" ADD COLUMN     "partId" TEXT;

-- CreateTable
CREATE TABLE "Part" (
    "id" TEXT NOT NULL,
    "bookId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Part_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Part_bookId_position_idx" ON "Part"("bookId", "position");

-- CreateIndex
CREATE INDEX "Chapter_partId_idx" ON "Chapter"("partId");

-- AddForeignKey
ALTER TABLE "Chapter" ADD CONSTRAINT "Chapter_partId_fkey" FOREIGN KEY ("partId") REFERENCES "Part"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Part" ADD CONSTRAINT "Part_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book"("id") ON DELETE CASCADE ON UPDATE CASCADE;
