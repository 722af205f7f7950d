-- AlterTable
ALTER TABLE "ChapterRevision" ADD COLUMN "authorId" TEXT;

-- One command changes a chapter's text (issue 31 item 2, decision 0460), and it writes the
-- library search's outbox row itself, in its own transaction, beside its other consequences. The
-- triggers that wrote that row on every insert and update of a chapter would write it twice. The
-- delete trigger stays: a chapter deleted for good takes its index parts with it.
DROP TRIGGER "Chapter_search_insert";
DROP TRIGGER "Chapter_search_update";
