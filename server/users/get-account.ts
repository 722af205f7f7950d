import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { AppError } from "../errors";
import { accountsQuery, toAccountDto } from "./accounts";
import type { AccountDto } from "./schemas";

// GET /api/v1/users/{userId} — one account, for the server's admin (their own included)
export async function getAccount(input: { userId: string }, principal: Principal): Promise<AccountDto> {
  authorize(principal, "users.get");
  const row = await accountsQuery().where("User.id", "=", input.userId).executeTakeFirst();
  if (!row) throw new AppError("not_found", "There is no account with this id.");
  return toAccountDto(row);
}
