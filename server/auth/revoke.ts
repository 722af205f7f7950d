import { db } from "../db";
import { AppError } from "../errors";
import type { Principal } from "./principal";

// POST /auth/revoke — the presenting token (and its refresh token) stop working at once.
export async function revokeCurrentToken(principal: Principal): Promise<{ revoked: true }> {
  if (!principal.tokenId) {
    throw new AppError("malformed_request", "Send the token to revoke as a Bearer credential; a browser session signs out instead.");
  }
  await db.token.update({ where: { id: principal.tokenId }, data: { revokedAt: new Date() } });
  return { revoked: true };
}
