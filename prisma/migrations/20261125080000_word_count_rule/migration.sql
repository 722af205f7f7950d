-- AlterTable
-- Every existing book was counted by the old rule (0), and a server recounts it when it starts
-- (server/books/recount-words.ts), as no SQL can apply the counting rule.
ALTER TABLE "Book" ADD COLUMN "wordCountRule" INTEGER NOT NULL DEFAULT 0;
