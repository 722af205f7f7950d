import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { AppError } from "../errors";
import { toUserDto, userColumns, type UserDto } from "./schemas";

// GET /api/v1/users/me
export async function getCurrentUser(principal: Principal): Promise<UserDto> {
  authorize(principal, "users.me");
  const user = await sql.selectFrom("User").select(userColumns).where("id", "=", principal.userId).executeTakeFirst();
  if (!user) throw new AppError("not_found", "This account no longer exists.");
  return toUserDto(user);
}
