import type { Principal } from "../auth/principal";
import { sql } from "../db";
import { AppError } from "../errors";
import { toUserDto, userColumns, type AccountDto } from "./schemas";

/** Accounts with what an admin sees of them: the user, whether disabled, how many books it owns. */
export function accountsQuery() {
  return sql
    .selectFrom("User")
    .select([...userColumns.map((column) => `User.${column}` as const), "User.disabledAt"])
    .select((eb) =>
      eb
        .selectFrom("Book")
        .select((count) => count.fn.countAll().as("n"))
        .whereRef("Book.ownerId", "=", "User.id")
        .where("Book.purgedAt", "is", null)
        .as("books"),
    );
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof accountsQuery>["executeTakeFirstOrThrow"]>>;

export function toAccountDto(row: AccountRow): AccountDto {
  return { ...toUserDto(row), disabledAt: row.disabledAt?.toISOString() ?? null, books: Number(row.books ?? 0) };
}

/**
 * Another account, for an admin's operation on it: 404 when there is none. An admin's own account
 * is changed as its writer's (/users/me): disabling, demoting or deleting oneself through these
 * would lock the server's only admin out in one click.
 */
export async function otherAccount(principal: Principal, userId: string): Promise<AccountDto> {
  if (userId === principal.userId) {
    throw new AppError("own_account", "This is your own account: change it from /api/v1/users/me (Settings → Account), not as its admin.");
  }
  const row = await accountsQuery().where("User.id", "=", userId).executeTakeFirst();
  if (!row) throw new AppError("not_found", "There is no account with this id.");
  return toAccountDto(row);
}
