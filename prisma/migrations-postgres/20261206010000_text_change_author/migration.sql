-- AlterTable
ALTER TABLE "ChapterRevision" ADD COLUMN "authorId" TEXT;
