import type { Selectable } from "kysely";
import { z } from "zod";
import type { User } from "../generated/kysely/database";

export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(["writer", "admin"]),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "User" });
export type UserDto = z.infer<typeof userSchema>;

export const userColumns = ["id", "email", "name", "role", "createdAt"] as const;

export function toUserDto(user: Pick<Selectable<User>, (typeof userColumns)[number]>): UserDto {
  return { ...user, role: user.role === "admin" ? "admin" : "writer", createdAt: user.createdAt.toISOString() };
}
