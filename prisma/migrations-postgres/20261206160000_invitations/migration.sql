-- CreateTable
-- Invitations to a book (issue 36 item 1, decision 0487): by e-mail or by a link, with a role and an
-- expiry: only a hash of the secret is kept.
CREATE TABLE "Invitation" (
    "id" TEXT NOT NULL,
    "bookId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "email" TEXT,
    "secretHash" TEXT NOT NULL,
    "invitedById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),
    "acceptedById" TEXT,
    "withdrawnAt" TIMESTAMP(3),

    CONSTRAINT "Invitation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_secretHash_key" ON "Invitation"("secretHash");

-- CreateIndex
CREATE INDEX "Invitation_bookId_idx" ON "Invitation"("bookId");

-- CreateIndex
CREATE INDEX "Invitation_invitedById_idx" ON "Invitation"("invitedById");

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_invitedById_fkey" FOREIGN KEY ("invitedById") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
