-- CreateTable
-- Suggested edits (issue 36 item 3, decision 0496): a stretch of a chapter's text as the suggester
-- saw it and the text proposed in its place, accepted or rejected by those who write the book.
CREATE TABLE "Suggestion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "bookId" TEXT NOT NULL,
    "chapterId" TEXT NOT NULL,
    "authorId" TEXT,
    "quote" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "suffix" TEXT NOT NULL,
    "anchorStart" INTEGER,
    "anchorEnd" INTEGER,
    "replacement" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'open',
    "decidedAt" DATETIME,
    "decidedById" TEXT,
    "acceptedVersion" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Suggestion_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Suggestion_chapterId_fkey" FOREIGN KEY ("chapterId") REFERENCES "Chapter" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Suggestion_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Suggestion_chapterId_state_idx" ON "Suggestion"("chapterId", "state");

-- CreateIndex
CREATE INDEX "Suggestion_bookId_createdAt_idx" ON "Suggestion"("bookId", "createdAt");

-- CreateIndex
CREATE INDEX "Suggestion_authorId_idx" ON "Suggestion"("authorId");

-- A notification may tell of a suggestion (made, accepted, rejected).
ALTER TABLE "Notification" ADD COLUMN "suggestionId" TEXT REFERENCES "Suggestion" ("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateIndex
CREATE INDEX "Notification_suggestionId_idx" ON "Notification"("suggestionId");

-- A version written by accepting a suggestion names its suggester beside its author (no foreign key, as authorId).
ALTER TABLE "ChapterRevision" ADD COLUMN "suggestedById" TEXT;
