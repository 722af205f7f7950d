import { randomBytes } from "node:crypto";
import { hashPassword } from "../auth/passwords";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { transaction } from "../db";
import { otherAccount } from "./accounts";
import { endSignIns, type EndedSignIns } from "./sign-ins";

// POST /api/v1/users/{userId}/password-reset — for a writer who forgot their password: the admin
// is given a new one, shown once, to hand over; every sign-in of the account ends. Inkstone sends
// no e-mail here: a self-hosted server may have none, and its admin knows their writers.
export async function resetPassword(input: { userId: string }, principal: Principal): Promise<EndedSignIns & { temporaryPassword: string }> {
  authorize(principal, "users.resetPassword");
  const account = await otherAccount(principal, input.userId);
  // 15 random bytes: 20 characters of base64url, 120 bits, past any guessing.
  const temporaryPassword = randomBytes(15).toString("base64url");
  const passwordHash = await hashPassword(temporaryPassword);
  const ended = await transaction(async (trx) => {
    await trx.updateTable("User").set({ passwordHash, updatedAt: new Date() }).where("id", "=", account.id).execute();
    return endSignIns(trx, account.id);
  });
  return { ...ended, temporaryPassword };
}
