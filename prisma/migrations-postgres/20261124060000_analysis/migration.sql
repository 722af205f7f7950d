-- CreateTable
CREATE TABLE "AnalysisTemplate" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "summary" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "category" TEXT NOT NULL,
    "tags" TEXT NOT NULL DEFAULT '[]',
    "language" TEXT NOT NULL DEFAULT 'any',
    "version" INTEGER NOT NULL DEFAULT 1,
    "definition" TEXT NOT NULL,
    "searchText" TEXT NOT NULL DEFAULT '',
    "authorId" TEXT,
    "builtIn" BOOLEAN NOT NULL DEFAULT false,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "installs" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AnalysisTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AnalysisInstall" (
    "userId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AnalysisInstall_pkey" PRIMARY KEY ("userId","templateId")
);

-- CreateTable
CREATE TABLE "AnalysisResult" (
    "id" TEXT NOT NULL,
    "bookId" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "templateName" TEXT NOT NULL,
    "templateVersion" INTEGER NOT NULL,
    "definition" TEXT NOT NULL,
    "parameters" TEXT NOT NULL DEFAULT '{}',
    "report" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "error" TEXT,
    "jobId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "durationMs" INTEGER,

    CONSTRAINT "AnalysisResult_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AnalysisTemplate_slug_key" ON "AnalysisTemplate"("slug");

-- CreateIndex
CREATE INDEX "AnalysisTemplate_published_installs_idx" ON "AnalysisTemplate"("published", "installs");

-- CreateIndex
CREATE INDEX "AnalysisTemplate_authorId_idx" ON "AnalysisTemplate"("authorId");

-- CreateIndex
CREATE INDEX "AnalysisTemplate_category_idx" ON "AnalysisTemplate"("category");

-- CreateIndex
CREATE INDEX "AnalysisInstall_templateId_idx" ON "AnalysisInstall"("templateId");

-- CreateIndex
CREATE INDEX "AnalysisResult_bookId_createdAt_idx" ON "AnalysisResult"("bookId", "createdAt");

-- CreateIndex
CREATE INDEX "AnalysisResult_ownerId_idx" ON "AnalysisResult"("ownerId");

-- AddForeignKey
ALTER TABLE "AnalysisTemplate" ADD CONSTRAINT "AnalysisTemplate_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnalysisInstall" ADD CONSTRAINT "AnalysisInstall_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnalysisInstall" ADD CONSTRAINT "AnalysisInstall_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "AnalysisTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnalysisResult" ADD CONSTRAINT "AnalysisResult_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnalysisResult" ADD CONSTRAINT "AnalysisResult_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

