-- AlterTable
-- A book says who wrote it and carries its own front and back matter (issue 33 item 3): the name
-- it is published under, a manuscript's contact block, the copyright page and dedication (until
-- now remembered in one browser), and acknowledgements and an about-the-author page.
ALTER TABLE "Book" ADD COLUMN "author" TEXT;
ALTER TABLE "Book" ADD COLUMN "contact" TEXT;
ALTER TABLE "Book" ADD COLUMN "copyright" TEXT;
ALTER TABLE "Book" ADD COLUMN "dedication" TEXT;
ALTER TABLE "Book" ADD COLUMN "acknowledgements" TEXT;
ALTER TABLE "Book" ADD COLUMN "aboutAuthor" TEXT;
