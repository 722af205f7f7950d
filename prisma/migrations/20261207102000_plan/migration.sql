-- The plan of a book (issue 35 item 2, decision 0500): a Plan row per part, chapter or scene
-- (exactly one of partId, chapterId, sceneId, which the use case writes), the book's plotlines and
-- labels, and which plans carry which label, plotline and character. No row: an empty plan.
-- CreateTable
CREATE TABLE "Plan" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "bookId" TEXT NOT NULL,
    "partId" TEXT,
    "chapterId" TEXT,
    "sceneId" TEXT,
    "synopsis" TEXT NOT NULL DEFAULT '',
    "status" TEXT,
    "povId" TEXT,
    "targetWords" INTEGER,
    "storyDate" TEXT,
    "storyDay" INTEGER,
    "storyTime" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Plan_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Plan_partId_fkey" FOREIGN KEY ("partId") REFERENCES "Part" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Plan_chapterId_fkey" FOREIGN KEY ("chapterId") REFERENCES "Chapter" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Plan_sceneId_fkey" FOREIGN KEY ("sceneId") REFERENCES "Scene" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Plan_povId_fkey" FOREIGN KEY ("povId") REFERENCES "BibleEntry" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Plotline" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "bookId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "colour" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Plotline_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Label" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "bookId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "colour" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Label_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PlanLabel" (
    "planId" TEXT NOT NULL,
    "labelId" TEXT NOT NULL,

    PRIMARY KEY ("planId", "labelId"),
    CONSTRAINT "PlanLabel_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PlanLabel_labelId_fkey" FOREIGN KEY ("labelId") REFERENCES "Label" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PlanPlotline" (
    "planId" TEXT NOT NULL,
    "plotlineId" TEXT NOT NULL,

    PRIMARY KEY ("planId", "plotlineId"),
    CONSTRAINT "PlanPlotline_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PlanPlotline_plotlineId_fkey" FOREIGN KEY ("plotlineId") REFERENCES "Plotline" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PlanCharacter" (
    "planId" TEXT NOT NULL,
    "entryId" TEXT NOT NULL,

    PRIMARY KEY ("planId", "entryId"),
    CONSTRAINT "PlanCharacter_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PlanCharacter_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "BibleEntry" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Plan_partId_key" ON "Plan"("partId");

-- CreateIndex
CREATE UNIQUE INDEX "Plan_chapterId_key" ON "Plan"("chapterId");

-- CreateIndex
CREATE UNIQUE INDEX "Plan_sceneId_key" ON "Plan"("sceneId");

-- CreateIndex
CREATE INDEX "Plan_bookId_idx" ON "Plan"("bookId");

-- CreateIndex
CREATE INDEX "Plan_povId_idx" ON "Plan"("povId");

-- CreateIndex
CREATE UNIQUE INDEX "Plotline_bookId_name_key" ON "Plotline"("bookId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Label_bookId_name_key" ON "Label"("bookId", "name");

-- CreateIndex
CREATE INDEX "PlanLabel_labelId_idx" ON "PlanLabel"("labelId");

-- CreateIndex
CREATE INDEX "PlanPlotline_plotlineId_idx" ON "PlanPlotline"("plotlineId");

-- CreateIndex
CREATE INDEX "PlanCharacter_entryId_idx" ON "PlanCharacter"("entryId");
