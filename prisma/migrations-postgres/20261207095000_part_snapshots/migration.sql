-- A named snapshot of one part of the book (issue 36 item 4, decision 0489 amended)
ALTER TABLE "Snapshot" ADD COLUMN "partId" TEXT;
ALTER TABLE "Snapshot" ADD COLUMN "partTitle" TEXT;
