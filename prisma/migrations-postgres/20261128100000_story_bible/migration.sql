-- AlterTable
ALTER TABLE "Book" ADD COLUMN     "seriesId" TEXT,
ADD COLUMN     "seriesPosition" INTEGER;

-- CreateTable
CREATE TABLE "Series" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Series_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BibleEntry" (
    "id" TEXT NOT NULL,
    "bookId" TEXT,
    "seriesId" TEXT,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "aliases" TEXT NOT NULL DEFAULT '[]',
    "description" TEXT NOT NULL DEFAULT '',
    "fields" TEXT NOT NULL DEFAULT '[]',
    "tags" TEXT NOT NULL DEFAULT '[]',
    "statusNote" TEXT NOT NULL DEFAULT '',
    "exitChapterId" TEXT,
    "pictureMediaType" TEXT,
    "pictureSize" INTEGER,
    "pictureUpdatedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BibleEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BibleRelation" (
    "id" TEXT NOT NULL,
    "fromId" TEXT NOT NULL,
    "toId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BibleRelation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BibleMention" (
    "entryId" TEXT NOT NULL,
    "chapterId" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "spans" TEXT NOT NULL,

    CONSTRAINT "BibleMention_pkey" PRIMARY KEY ("entryId","chapterId")
);

-- CreateTable
CREATE TABLE "BibleMentionScan" (
    "chapterId" TEXT NOT NULL,
    "chapterVersion" INTEGER NOT NULL,
    "signature" TEXT NOT NULL,
    "scannedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BibleMentionScan_pkey" PRIMARY KEY ("chapterId")
);

-- CreateTable
CREATE TABLE "BiblePictureChunk" (
    "entryId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,

    CONSTRAINT "BiblePictureChunk_pkey" PRIMARY KEY ("entryId","seq")
);

-- CreateIndex
CREATE INDEX "Series_ownerId_idx" ON "Series"("ownerId");

-- CreateIndex
CREATE INDEX "BibleEntry_bookId_idx" ON "BibleEntry"("bookId");

-- CreateIndex
CREATE INDEX "BibleEntry_seriesId_idx" ON "BibleEntry"("seriesId");

-- CreateIndex
CREATE INDEX "BibleEntry_exitChapterId_idx" ON "BibleEntry"("exitChapterId");

-- CreateIndex
CREATE INDEX "BibleRelation_fromId_idx" ON "BibleRelation"("fromId");

-- CreateIndex
CREATE INDEX "BibleRelation_toId_idx" ON "BibleRelation"("toId");

-- CreateIndex
CREATE INDEX "BibleMention_chapterId_idx" ON "BibleMention"("chapterId");

-- CreateIndex
CREATE INDEX "Book_seriesId_idx" ON "Book"("seriesId");

-- AddForeignKey
ALTER TABLE "Book" ADD CONSTRAINT "Book_seriesId_fkey" FOREIGN KEY ("seriesId") REFERENCES "Series"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Series" ADD CONSTRAINT "Series_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BibleEntry" ADD CONSTRAINT "BibleEntry_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BibleEntry" ADD CONSTRAINT "BibleEntry_seriesId_fkey" FOREIGN KEY ("seriesId") REFERENCES "Series"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BibleEntry" ADD CONSTRAINT "BibleEntry_exitChapterId_fkey" FOREIGN KEY ("exitChapterId") REFERENCES "Chapter"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BibleRelation" ADD CONSTRAINT "BibleRelation_fromId_fkey" FOREIGN KEY ("fromId") REFERENCES "BibleEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BibleRelation" ADD CONSTRAINT "BibleRelation_toId_fkey" FOREIGN KEY ("toId") REFERENCES "BibleEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BibleMention" ADD CONSTRAINT "BibleMention_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "BibleEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BibleMention" ADD CONSTRAINT "BibleMention_chapterId_fkey" FOREIGN KEY ("chapterId") REFERENCES "Chapter"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BibleMentionScan" ADD CONSTRAINT "BibleMentionScan_chapterId_fkey" FOREIGN KEY ("chapterId") REFERENCES "Chapter"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BiblePictureChunk" ADD CONSTRAINT "BiblePictureChunk_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "BibleEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;

