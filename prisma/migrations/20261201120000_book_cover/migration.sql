-- AlterTable
-- The EPUB cover (issue 19 item 14): its media type, size and time on the book, its bytes in pieces.
ALTER TABLE "Book" ADD COLUMN "coverMediaType" TEXT;
ALTER TABLE "Book" ADD COLUMN "coverSize" INTEGER;
ALTER TABLE "Book" ADD COLUMN "coverUpdatedAt" DATETIME;

-- CreateTable
CREATE TABLE "BookCoverChunk" (
    "bookId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "bytes" BLOB NOT NULL,

    PRIMARY KEY ("bookId", "seq"),
    CONSTRAINT "BookCoverChunk_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
