-- AlterTable
ALTER TABLE "ChapterRevision" ADD COLUMN     "changeSetId" TEXT;

-- CreateTable
CREATE TABLE "ChangeSet" (
    "id" TEXT NOT NULL,
    "bookId" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "replacement" TEXT NOT NULL,
    "options" TEXT NOT NULL,
    "replaced" INTEGER NOT NULL,
    "chapterCount" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undoneAt" TIMESTAMP(3),

    CONSTRAINT "ChangeSet_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ChangeSet_bookId_createdAt_idx" ON "ChangeSet"("bookId", "createdAt");

-- CreateIndex
CREATE INDEX "ChapterRevision_changeSetId_idx" ON "ChapterRevision"("changeSetId");

-- AddForeignKey
ALTER TABLE "ChapterRevision" ADD CONSTRAINT "ChapterRevision_changeSetId_fkey" FOREIGN KEY ("changeSetId") REFERENCES "ChangeSet"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeSet" ADD CONSTRAINT "ChangeSet_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The library search index (issue 23), which Prisma does not model: trigram GIN indexes (pg_trgm)
-- on the chapters' own columns serve ILIKE, so they are current on every write with no trigger.
-- pg_trgm is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "Chapter_search_title_trgm" ON "Chapter" USING gin ("title" gin_trgm_ops);
CREATE INDEX "Chapter_search_content_trgm" ON "Chapter" USING gin ("content" gin_trgm_ops);
