-- A book's counting rule and paragraph indent (issue 32 items 2 and 3, decision 0491). Books in
-- Chinese (zh, yue: the primary language subtag) count 字数 with full-width punctuation and open
-- each paragraph two characters in, as the web-novel platforms do. Every other book keeps what it
-- had: words, and the typographic first-line indent its exports already used. The counts
-- themselves follow at the next start, when recountOutdatedBooks recounts every book counted by
-- COUNT_RULE 1 (server/books/recount-words.ts): no SQL can apply the counting rule.
-- AlterTable
ALTER TABLE "Book" ADD COLUMN "countRule" TEXT NOT NULL DEFAULT 'words';
ALTER TABLE "Book" ADD COLUMN "paragraphIndent" TEXT NOT NULL DEFAULT 'typographic';
UPDATE "Book" SET "countRule" = 'characters', "paragraphIndent" = 'fullWidth'
  WHERE lower("language") IN ('zh', 'yue') OR lower("language") LIKE 'zh-%' OR lower("language") LIKE 'yue-%';
UPDATE "Book" SET "countRule" = 'characters' WHERE lower("language") = 'ja' OR lower("language") LIKE 'ja-%';
