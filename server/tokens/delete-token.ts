import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { db } from "../db";
import { AppError } from "../errors";

// DELETE /api/v1/tokens/{tokenId} — revoke one of the caller's tokens.
export async function deleteToken(input: { tokenId: string }, principal: Principal): Promise<void> {
  authorize(principal, "tokens.delete");
  const revoked = await db.token.updateMany({
    where: { id: input.tokenId, userId: principal.userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (revoked.count === 0) throw new AppError("not_found", "You have no such token.");
}
