-- A cover's size in pixels (issue 37 item 4, decision 0485): read when the cover is uploaded, so
-- that its warnings (too small for the stores, a ratio far from 1.6) stay the same on every GET.
-- Covers uploaded before keep null and carry no warnings until replaced. Nullable: no row copied.
-- AlterTable
ALTER TABLE "Book" ADD COLUMN "coverHeight" INTEGER;
ALTER TABLE "Book" ADD COLUMN "coverWidth" INTEGER;
