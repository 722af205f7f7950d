-- Where a scene stands in its chapter's text (decision 0499): every scene but a chapter's first
-- opens at a scene-break line, kept as an anchor (its place, its text and a little context either
-- side) that the text command moves with each change. A chapter's first scene has none.
ALTER TABLE "Scene" ADD COLUMN "breakStart" INTEGER;
ALTER TABLE "Scene" ADD COLUMN "breakEnd" INTEGER;
ALTER TABLE "Scene" ADD COLUMN "breakQuote" TEXT;
ALTER TABLE "Scene" ADD COLUMN "breakPrefix" TEXT;
ALTER TABLE "Scene" ADD COLUMN "breakSuffix" TEXT;
