import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { transaction } from "../db";
import { otherAccount } from "./accounts";
import { endSignIns, type EndedSignIns } from "./sign-ins";

// POST /api/v1/users/{userId}/sign-out — the admin ends every sign-in of an account (a lost laptop,
// a leaked token): its tokens are revoked and its browsers signed out; the password stays.
export async function signOutAccount(input: { userId: string }, principal: Principal): Promise<EndedSignIns> {
  authorize(principal, "users.signOut");
  const account = await otherAccount(principal, input.userId);
  return transaction((trx) => endSignIns(trx, account.id));
}
