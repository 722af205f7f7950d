import { hashPassword } from "../auth/passwords";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { transaction } from "../db";
import { checkOwnPassword } from "./own-password";
import { endSignIns, type EndedSignIns } from "./sign-ins";

// PUT /api/v1/users/me/password — the writer chooses a new password. Every other sign-in ends
// (browsers, logins, personal tokens): whoever knew the old password may have signed in with it.
// The credential that asks stays signed in, with what it minted.
export async function changePassword(input: { currentPassword: string; newPassword: string }, principal: Principal): Promise<EndedSignIns> {
  authorize(principal, "users.changePassword");
  await checkOwnPassword(principal.userId, input.currentPassword, "currentPassword");
  const passwordHash = await hashPassword(input.newPassword);
  return transaction(async (trx) => {
    await trx.updateTable("User").set({ passwordHash, updatedAt: new Date() }).where("id", "=", principal.userId).execute();
    return endSignIns(trx, principal.userId, { tokenId: principal.tokenId, sessionId: principal.sessionId });
  });
}
