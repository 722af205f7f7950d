-- A book's theme (issue 37 item 5, decision 0494): every book keeps the look its exports had, classic.
-- AlterTable
ALTER TABLE "Book" ADD COLUMN "theme" TEXT NOT NULL DEFAULT 'classic';
