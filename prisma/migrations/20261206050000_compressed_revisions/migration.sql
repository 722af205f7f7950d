-- Compressed revisions (issue 34 item 7, decision 0482): a revision's text is kept brotli-compressed
-- in "compressedContent" and "content" is left empty. Revisions written before keep their text in
-- "content" (compressedContent null) and read as before; the server compresses them in the
-- background (server/chapters/revision-text.ts). Adding a nullable column copies no row.
-- AlterTable
ALTER TABLE "ChapterRevision" ADD COLUMN "compressedContent" BLOB;
