-- Compressed revisions (issue 34 item 7, decision 0482): see the SQLite migration of the same name.
-- AlterTable
ALTER TABLE "ChapterRevision" ADD COLUMN     "compressedContent" BYTEA;
