-- Accounts an admin can disable (issue 34 item 6, decision 0483): a disabled account signs in no
-- more and every credential of it is refused at its next request. Adding a nullable column copies no row.
-- AlterTable
ALTER TABLE "User" ADD COLUMN "disabledAt" DATETIME;
