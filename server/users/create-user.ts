import { z } from "zod";
import { hashPassword } from "../auth/passwords";
import type { Principal } from "../auth/principal";
import { limitPasswordWorkFrom, limitSignUpsFrom } from "../auth/rate-limit";
import { emailSchema, passwordSchema } from "../auth/schemas";
import { transaction } from "../db";
import { storedText } from "../text/stored-text";
import { env } from "../env";
import { AppError, refusedField } from "../errors";
import { newId } from "../sql/values";
import { toUserDto, userColumns, type UserDto } from "./schemas";

export const createUserInput = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  name: storedText().trim().max(100).default(""),
});

// POST /api/v1/users — sign up. The first user becomes admin. With INKSTONE_SIGNUP=closed only an
// admin-scoped caller may add users. Hashing the password counts against the client address's
// budget of password work, like a sign-in; a sign-up nobody admin asked for also counts against
// the address's sign-ups.
export async function createUser(
  input: z.output<typeof createUserInput>,
  principal: Principal | null,
  address: string | null,
): Promise<UserDto> {
  const byAdmin = principal?.scopes.has("admin") ?? false;
  if (env.INKSTONE_SIGNUP === "closed" && !byAdmin) {
    throw new AppError("signup_closed", "Sign-up is closed on this server; ask its admin for an account.");
  }
  if (!byAdmin) await limitSignUpsFrom(address);
  await limitPasswordWorkFrom(address);
  const passwordHash = await hashPassword(input.password);
  const user = await transaction(async (trx) => {
    if (await trx.selectFrom("User").select("id").where("email", "=", input.email).executeTakeFirst()) {
      throw new AppError("email_taken", "An account with this e-mail already exists.", [refusedField("email", "emailTaken", "already registered")]);
    }
    const isFirst = (await trx.selectFrom("User").select("id").limit(1).executeTakeFirst()) === undefined;
    const now = new Date();
    return trx
      .insertInto("User")
      .values({ id: newId(), email: input.email, name: input.name, passwordHash, role: isFirst ? "admin" : "writer", createdAt: now, updatedAt: now })
      .returning(userColumns)
      .executeTakeFirstOrThrow();
  });
  return toUserDto(user);
}
