import type { Selectable } from "kysely";
import { z } from "zod";
import { isLocale, LOCALES } from "../../i18n/locales";
import { passwordSchema } from "../auth/schemas";
import type { User } from "../generated/kysely/database";

export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(["writer", "admin"]),
    locale: z.enum(LOCALES).nullable().describe("the interface language the writer chose; null: as their browser asks"),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "User" });
export type UserDto = z.infer<typeof userSchema>;

export const userColumns = ["id", "email", "name", "role", "locale", "createdAt"] as const;

export function toUserDto(user: Pick<Selectable<User>, (typeof userColumns)[number]>): UserDto {
  return {
    ...user,
    role: user.role === "admin" ? "admin" : "writer",
    locale: isLocale(user.locale) ? user.locale : null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** PATCH /api/v1/users/me: what a writer changes of their own account, besides the password. */
export const updateMeInput = z
  .strictObject({
    locale: z.enum(LOCALES).nullable().optional().describe("the interface language (pages and e-mails); null: as the browser asks"),
  })
  .meta({ id: "UpdateMe" });

/** An account as an admin sees it (GET /api/v1/users…): the user, whether it is disabled, what it owns. */
export const accountSchema = userSchema
  .extend({
    disabledAt: z.iso.datetime().nullable().describe("when an admin disabled the account; null: it may sign in"),
    books: z.int().describe("books the account owns (in the trash included, purged ones not)"),
  })
  .meta({ id: "Account" });
export type AccountDto = z.infer<typeof accountSchema>;

export const userIdParams = z.object({ userId: z.string().min(1).max(64) });

/** A password the caller types to prove it is them: checked, never stored, so any length is read. */
const typedPassword = z.string().min(1, "required").max(1024);

export const changePasswordInput = z
  .strictObject({ currentPassword: typedPassword, newPassword: passwordSchema })
  .meta({ id: "ChangePassword" });

export const deleteOwnAccountInput = z
  .strictObject({ password: typedPassword.describe("the account's password, to confirm that its writer asks") })
  .meta({ id: "DeleteOwnAccount" });

export const updateAccountInput = z
  .strictObject({
    disabled: z.boolean().optional().describe("true: the account signs in no more and every credential of it is refused; false: it may sign in again"),
    role: z.enum(["writer", "admin"]).optional(),
  })
  .meta({ id: "UpdateAccount" });

export const endedSignInsSchema = z
  .object({
    revokedTokens: z.int().describe("tokens revoked (login pairs and personal tokens)"),
    endedSessions: z.int().describe("signed-in browsers signed out"),
  })
  .meta({ id: "EndedSignIns" });

export const passwordResetSchema = endedSignInsSchema
  .extend({ temporaryPassword: z.string().describe("shown this once: hand it to the writer, who signs in with it and chooses their own") })
  .meta({ id: "PasswordReset" });
