-- A book's counting rule and paragraph indent (issue 32 items 2 and 3, decision 0491): see the SQLite migration of the same name.
-- AlterTable
ALTER TABLE "Book" ADD COLUMN     "countRule" TEXT NOT NULL DEFAULT 'words',
ADD COLUMN     "paragraphIndent" TEXT NOT NULL DEFAULT 'typographic';
UPDATE "Book" SET "countRule" = 'characters', "paragraphIndent" = 'fullWidth'
  WHERE lower("language") IN ('zh', 'yue') OR lower("language") LIKE 'zh-%' OR lower("language") LIKE 'yue-%';
UPDATE "Book" SET "countRule" = 'characters' WHERE lower("language") = 'ja' OR lower("language") LIKE 'ja-%';
