-- A book's theme (issue 37 item 5, decision 0494): see the SQLite migration of the same name.
-- AlterTable
ALTER TABLE "Book" ADD COLUMN     "theme" TEXT NOT NULL DEFAULT 'classic';
