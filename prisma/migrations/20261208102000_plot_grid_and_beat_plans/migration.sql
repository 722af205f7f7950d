-- The plot grid's cell notes and the beat plans (issue 35 items 3 and 4, decisions 0506 and 0507).

-- CreateTable
CREATE TABLE "PlotCell" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "bookId" TEXT NOT NULL,
    "plotlineId" TEXT NOT NULL,
    "chapterId" TEXT NOT NULL,
    "note" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PlotCell_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PlotCell_plotlineId_fkey" FOREIGN KEY ("plotlineId") REFERENCES "Plotline" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PlotCell_chapterId_fkey" FOREIGN KEY ("chapterId") REFERENCES "Chapter" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BeatPlan" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "bookId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "templateName" TEXT NOT NULL,
    "templateVersion" INTEGER NOT NULL,
    "sectionId" TEXT NOT NULL,
    "placedBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "BeatPlan_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BeatPlacement" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "beatPlanId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "target" REAL NOT NULL,
    "chapterId" TEXT,
    "sceneId" TEXT,
    "movedAt" DATETIME,
    CONSTRAINT "BeatPlacement_beatPlanId_fkey" FOREIGN KEY ("beatPlanId") REFERENCES "BeatPlan" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BeatPlacement_chapterId_fkey" FOREIGN KEY ("chapterId") REFERENCES "Chapter" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "BeatPlacement_sceneId_fkey" FOREIGN KEY ("sceneId") REFERENCES "Scene" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "PlotCell_bookId_idx" ON "PlotCell"("bookId");

-- CreateIndex
CREATE INDEX "PlotCell_chapterId_idx" ON "PlotCell"("chapterId");

-- CreateIndex
CREATE UNIQUE INDEX "PlotCell_plotlineId_chapterId_key" ON "PlotCell"("plotlineId", "chapterId");

-- CreateIndex
CREATE UNIQUE INDEX "BeatPlan_bookId_key" ON "BeatPlan"("bookId");

-- CreateIndex
CREATE INDEX "BeatPlacement_chapterId_idx" ON "BeatPlacement"("chapterId");

-- CreateIndex
CREATE INDEX "BeatPlacement_sceneId_idx" ON "BeatPlacement"("sceneId");

-- CreateIndex
CREATE UNIQUE INDEX "BeatPlacement_beatPlanId_position_key" ON "BeatPlacement"("beatPlanId", "position");
