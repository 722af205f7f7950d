import type { Principal } from "../auth/principal";
import { revokeToken } from "../auth/revoke";
import { authorize } from "../auth/scopes";
import { AppError } from "../errors";

// DELETE /api/v1/tokens/{tokenId} — revoke one of the caller's tokens, with every token minted by it.
export async function deleteToken(input: { tokenId: string }, principal: Principal): Promise<void> {
  authorize(principal, "tokens.delete");
  const revoked = await revokeToken({ id: input.tokenId, userId: principal.userId });
  if (!revoked) throw new AppError("not_found", "You have no such token.");
}
