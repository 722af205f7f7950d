import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { AppError } from "../errors";
import { toUserDto, userColumns, type UserDto } from "./schemas";

// PATCH /api/v1/users/me — what a writer changes of their own account besides the password: for
// now the interface language (decision 0504), which pages and the e-mails sent to them speak.
export async function updateMe(input: { locale?: UserDto["locale"] }, principal: Principal): Promise<UserDto> {
  authorize(principal, "users.updateMe");
  const user = await sql
    .updateTable("User")
    .set({ ...(input.locale !== undefined && { locale: input.locale }), updatedAt: new Date() })
    .where("id", "=", principal.userId)
    .returning(userColumns)
    .executeTakeFirst();
  if (!user) throw new AppError("not_found", "This account no longer exists.");
  return toUserDto(user);
}
