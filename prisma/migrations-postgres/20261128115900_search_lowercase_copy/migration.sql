-- The library search (issue 23) matches and counts a query in a stored lower-cased copy of each
-- chapter's text, which Prisma does not model: ILIKE lower-cased every text again on each search,
-- seconds for a word found in all the chapters of a 10 M-word library. The trigram index moves to
-- the copy. Generated, so every write keeps it current with no trigger.
ALTER TABLE "Chapter" ADD COLUMN "contentLower" TEXT GENERATED ALWAYS AS (lower("content")) STORED;
DROP INDEX "Chapter_search_content_trgm";
CREATE INDEX "Chapter_search_content_lower_trgm" ON "Chapter" USING gin ("contentLower" gin_trgm_ops);
