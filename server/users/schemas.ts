import { z } from "zod";

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

export const userSelect = { id: true, email: true, name: true, role: true, createdAt: true } as const;

export function toUserDto(user: { id: string; email: string; name: string; role: string; createdAt: Date }): UserDto {
  return { ...user, role: user.role === "admin" ? "admin" : "writer", createdAt: user.createdAt.toISOString() };
}
