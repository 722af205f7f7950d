-- A cover's size in pixels (issue 37 item 4, decision 0485): see the SQLite migration of the same name.
-- AlterTable
ALTER TABLE "Book" ADD COLUMN     "coverHeight" INTEGER,
ADD COLUMN     "coverWidth" INTEGER;
