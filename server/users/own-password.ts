import { verifyPassword } from "../auth/passwords";
import { clearRateLimit, hitRateLimit } from "../auth/rate-limit";
import { sql } from "../db";
import { env } from "../env";
import { AppError, refusedField } from "../errors";

/**
 * The signed-in writer proves it is them by typing their password (to change it, or to delete the
 * account). Tries count per account like sign-ins per e-mail, so a stolen token or an unlocked
 * laptop cannot guess the password at the speed of requests. A wrong one is a field's problem (422),
 * not a 401: the caller's credential is good, and its client must not take it for signed out.
 */
export async function checkOwnPassword(userId: string, password: string, field: string): Promise<void> {
  const key = `password:${userId}`;
  await hitRateLimit(key, env.INKSTONE_LOGIN_ATTEMPTS, env.INKSTONE_LOGIN_WINDOW_SECONDS, "Too many wrong passwords; wait a few minutes, then try again.");
  const user = await sql.selectFrom("User").select("passwordHash").where("id", "=", userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError("validation_failed", "That is not your password.", [refusedField(field, "notYourPassword", "is not your password")]);
  }
  await clearRateLimit(key);
}
