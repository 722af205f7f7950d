-- AlterTable
-- A job made for a book (an export, an analysis) names the book and the operation that asked for
-- it: its status and file are shown only to a caller who may still do that operation on the book,
-- so a member removed since is refused at their next request (issue 31 item 1).
ALTER TABLE "Job" ADD COLUMN "bookId" TEXT;
ALTER TABLE "Job" ADD COLUMN "bookOperation" TEXT;
