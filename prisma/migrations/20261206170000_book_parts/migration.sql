-- Parts (卷) of a book (issue 35 item 1, decision 0488): a part is a title above a run of the book's
-- chapters, one level deep. Existing books have none: every chapter keeps a null partId and the book
-- reads as it did. The order version lets a reorder name the order it was made against.
-- CreateTable
CREATE TABLE "Part" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "bookId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Part_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Part_bookId_position_idx" ON "Part"("bookId", "position");

-- AlterTable: a nullable column with a key, added in place (no copy of the chapters' text).
ALTER TABLE "Chapter" ADD COLUMN "partId" TEXT REFERENCES "Part" ("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateIndex
CREATE INDEX "Chapter_partId_idx" ON "Chapter"("partId");

-- AlterTable
ALTER TABLE "Book" ADD COLUMN "orderVersion" INTEGER NOT NULL DEFAULT 1;
