-- CreateTable
CREATE TABLE "JobBlobChunk" (
    "blobId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JobBlobChunk_pkey" PRIMARY KEY ("blobId","seq")
);

-- CreateIndex
CREATE INDEX "JobBlobChunk_createdAt_idx" ON "JobBlobChunk"("createdAt");

-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "inputBlobId" TEXT,
ADD COLUMN     "fileBlobId" TEXT;

-- Files already kept move into the blob store whole, one chunk each: a blob's chunks may be of any size.
INSERT INTO "JobBlobChunk" ("blobId", "seq", "bytes", "createdAt") SELECT 'input-' || "id", 0, "inputFile", "createdAt" FROM "Job" WHERE "inputFile" IS NOT NULL;
UPDATE "Job" SET "inputBlobId" = 'input-' || "id" WHERE "inputFile" IS NOT NULL;
INSERT INTO "JobBlobChunk" ("blobId", "seq", "bytes", "createdAt") SELECT 'file-' || "id", 0, "file", "createdAt" FROM "Job" WHERE "file" IS NOT NULL;
UPDATE "Job" SET "fileBlobId" = 'file-' || "id" WHERE "file" IS NOT NULL;

ALTER TABLE "Job" DROP COLUMN "inputFile",
DROP COLUMN "file";
