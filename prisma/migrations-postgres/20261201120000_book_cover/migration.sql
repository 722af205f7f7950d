-- AlterTable
-- The EPUB cover (issue 19 item 14): its media type, size and time on the book, its bytes in pieces.
ALTER TABLE "Book" ADD COLUMN     "coverMediaType" TEXT,
ADD COLUMN     "coverSize" INTEGER,
ADD COLUMN     "coverUpdatedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "BookCoverChunk" (
    "bookId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,

    CONSTRAINT "BookCoverChunk_pkey" PRIMARY KEY ("bookId","seq")
);

-- AddForeignKey
ALTER TABLE "BookCoverChunk" ADD CONSTRAINT "BookCoverChunk_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book"("id") ON DELETE CASCADE ON UPDATE CASCADE;
