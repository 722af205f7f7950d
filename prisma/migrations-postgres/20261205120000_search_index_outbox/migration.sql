-- CreateTable
CREATE TABLE "Outbox" (
    "id" SERIAL NOT NULL,
    "topic" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claimedUntil" TIMESTAMP(3),

    CONSTRAINT "Outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Outbox_topic_subjectId_idx" ON "Outbox"("topic", "subjectId");

-- PostgreSQL's library search needs no outbox (decision 0443): its pg_trgm GIN indexes are kept
-- by the database server's own process, not the thread that answers requests. The table is
-- here for the work a chapter write leaves to be done after it, on both engines.
