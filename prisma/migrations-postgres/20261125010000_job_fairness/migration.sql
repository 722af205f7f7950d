-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "availableAt" TIMESTAMP(3),
ADD COLUMN     "inputSize" INTEGER;

-- Inputs already waiting count against their writers' stored job bytes.
UPDATE "Job" SET "inputSize" = length("inputFile") WHERE "inputFile" IS NOT NULL;
