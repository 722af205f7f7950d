-- AlterTable
ALTER TABLE "ChapterRevision" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'save';


-- A chapter's first version came from its upload.
UPDATE "ChapterRevision" SET "kind" = 'upload' WHERE "version" = 1;
