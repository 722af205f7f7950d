-- Overdue foreshadowing told in the inbox once per foreshadowing (issue 35, decision 0508)
-- when the book was first written through its deadline, cleared when its deadline or state changes
ALTER TABLE "Foreshadowing" ADD COLUMN "overdueToldAt" TIMESTAMP(3);

-- The foreshadowing an inbox item tells of (kind foreshadowing_overdue), deleted with it
ALTER TABLE "Notification" ADD COLUMN "foreshadowingId" TEXT;

-- CreateIndex
CREATE INDEX "Notification_foreshadowingId_idx" ON "Notification"("foreshadowingId");

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_foreshadowingId_fkey" FOREIGN KEY ("foreshadowingId") REFERENCES "Foreshadowing"("id") ON DELETE CASCADE ON UPDATE CASCADE;
