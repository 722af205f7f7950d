-- AlterTable
-- Back matter set once per writer and chosen per book (issue 37 item 6, decision 0495): the
-- writer's about-the-author page, acknowledgements and "also by" list, and which pages a book prints.
ALTER TABLE "User" ADD COLUMN "backMatterAboutAuthor" TEXT;
ALTER TABLE "User" ADD COLUMN "backMatterAcknowledgements" TEXT;
ALTER TABLE "User" ADD COLUMN "backMatterAlsoBy" TEXT;
ALTER TABLE "Book" ADD COLUMN "backMatter" TEXT;
