import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { transaction } from "../db";
import { otherAccount } from "./accounts";
import { getAccount } from "./get-account";
import type { AccountDto } from "./schemas";
import { endSignIns } from "./sign-ins";

// PATCH /api/v1/users/{userId} — the admin disables or enables an account, or changes its role.
// Disabling ends every sign-in of it in the same transaction, and each credential asks whether its
// account is disabled on every request (server/auth/tokens.ts), so nothing of it works a moment later.
// A demoted admin's tokens lose `admin` at their next request, as a token acts with its holder's role.
export async function updateAccount(input: { userId: string; disabled?: boolean; role?: "writer" | "admin" }, principal: Principal): Promise<AccountDto> {
  authorize(principal, "users.update");
  const account = await otherAccount(principal, input.userId);
  await transaction(async (trx) => {
    const now = new Date();
    if (input.role !== undefined && input.role !== account.role) {
      await trx.updateTable("User").set({ role: input.role, updatedAt: now }).where("id", "=", account.id).execute();
    }
    if (input.disabled === true && account.disabledAt === null) {
      await trx.updateTable("User").set({ disabledAt: now, updatedAt: now }).where("id", "=", account.id).execute();
      await endSignIns(trx, account.id);
    }
    if (input.disabled === false && account.disabledAt !== null) {
      await trx.updateTable("User").set({ disabledAt: null, updatedAt: now }).where("id", "=", account.id).execute();
    }
  });
  return getAccount({ userId: account.id }, principal);
}
