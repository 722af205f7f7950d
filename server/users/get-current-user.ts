import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { db } from "../db";
import { AppError } from "../errors";
import { toUserDto, userSelect, type UserDto } from "./schemas";

// GET /api/v1/users/me
export async function getCurrentUser(principal: Principal): Promise<UserDto> {
  authorize(principal, "users.me");
  const user = await db.user.findUnique({ where: { id: principal.userId }, select: userSelect });
  if (!user) throw new AppError("not_found", "This account no longer exists.");
  return toUserDto(user);
}
