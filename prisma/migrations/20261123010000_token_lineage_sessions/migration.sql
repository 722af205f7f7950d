-- AlterTable
ALTER TABLE "Token" ADD COLUMN "parentFamilyId" TEXT;

-- CreateTable
CREATE TABLE "BrowserSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "BrowserSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "KnownAddress" (
    "userId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "lastSeenAt" DATETIME NOT NULL,

    PRIMARY KEY ("userId", "address"),
    CONSTRAINT "KnownAddress_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "BrowserSession_userId_idx" ON "BrowserSession"("userId");

-- CreateIndex
CREATE INDEX "BrowserSession_expiresAt_idx" ON "BrowserSession"("expiresAt");

-- CreateIndex
CREATE INDEX "KnownAddress_lastSeenAt_idx" ON "KnownAddress"("lastSeenAt");

-- CreateIndex
CREATE INDEX "Token_parentFamilyId_idx" ON "Token"("parentFamilyId");

-- CreateIndex
CREATE INDEX "RateLimitBucket_windowStart_idx" ON "RateLimitBucket"("windowStart");

