-- Accounts an admin can disable (issue 34 item 6, decision 0483): see the SQLite migration of the same name.
-- AlterTable
ALTER TABLE "User" ADD COLUMN     "disabledAt" TIMESTAMP(3);
