-- A writer's accessibility conformance claim for the EPUB, with who evaluated the book (issue 37 item 3, decision 0485 amended)
ALTER TABLE "Book" ADD COLUMN "accessibilityClaim" TEXT;
