import { sql, transaction } from "../db";
import { env } from "../env";
import { AppError } from "../errors";

/**
 * Fixed-window counters in the database, so that every app instance shares them
 * (docs/architecture.md#growing-past-one-machine).
 * Throws rate_limited (429 with Retry-After) once `limit` hits land in one window.
 */
export async function hitRateLimit(key: string, limit: number, windowSeconds: number, message = "Too many attempts; try again later."): Promise<void> {
  const now = new Date();
  const windowMs = windowSeconds * 1000;
  const { bucket, started } = await transaction(async (trx) => {
    const current = await trx.selectFrom("RateLimitBucket").select("windowStart").where("key", "=", key).executeTakeFirst();
    if (!current || now.getTime() - current.windowStart.getTime() >= windowMs) {
      const fresh = await trx
        .insertInto("RateLimitBucket")
        .values({ key, windowStart: now, count: 1 })
        .onConflict((conflict) => conflict.column("key").doUpdateSet({ windowStart: now, count: 1 }))
        .returning(["windowStart", "count"])
        .executeTakeFirstOrThrow();
      return { bucket: fresh, started: true };
    }
    const counted = await trx
      .updateTable("RateLimitBucket")
      .set((eb) => ({ count: eb("count", "+", 1) }))
      .where("key", "=", key)
      .returning(["windowStart", "count"])
      .executeTakeFirstOrThrow();
    return { bucket: counted, started: false };
  });
  // Each new window is a write anyway; sweeping the windows that have ended keeps the table to
  // the keys seen lately, whatever an attacker sprays.
  if (started) await sweepRateLimits(now, windowMs);
  if (bucket.count > limit) {
    const retryAfter = Math.max(1, Math.ceil((bucket.windowStart.getTime() + windowMs - now.getTime()) / 1000));
    throw new AppError("rate_limited", message, { retryAfter }, retryAfter);
  }
}

export async function clearRateLimit(key: string): Promise<void> {
  await sql.deleteFrom("RateLimitBucket").where("key", "=", key).execute();
}

/** Deletes buckets whose window has surely ended: older than the longest window in use. */
async function sweepRateLimits(now: Date, windowMs: number): Promise<void> {
  const longestMs = Math.max(
    windowMs,
    env.INKSTONE_LOGIN_WINDOW_SECONDS * 1000,
    env.INKSTONE_ADDRESS_WINDOW_SECONDS * 1000,
    env.INKSTONE_SIGNUP_WINDOW_SECONDS * 1000,
  );
  await sql.deleteFrom("RateLimitBucket").where("windowStart", "<", new Date(now.getTime() - longestMs)).execute();
}

/**
 * Every password checked or hashed costs the server tens of milliseconds of CPU (argon2), so one
 * client address gets INKSTONE_ADDRESS_ATTEMPTS of them a window, across all e-mails: sign-in
 * attempts and sign-ups alike. Requests without an address share one bucket.
 */
export function limitPasswordWorkFrom(address: string | null): Promise<void> {
  return hitRateLimit(`address:${address ?? "unknown"}`, env.INKSTONE_ADDRESS_ATTEMPTS, env.INKSTONE_ADDRESS_WINDOW_SECONDS);
}

/**
 * The worker pool shares its workers per writer, so every account is one more share: one client
 * address may sign up INKSTONE_SIGNUP_ATTEMPTS times a window (default 10 an hour), on top of the
 * password-work budget above (docs/decisions/0449-sign-ups-per-address.md).
 */
export function limitSignUpsFrom(address: string | null): Promise<void> {
  return hitRateLimit(`signup:${address ?? "unknown"}`, env.INKSTONE_SIGNUP_ATTEMPTS, env.INKSTONE_SIGNUP_WINDOW_SECONDS, "Too many accounts were opened from your address lately; try again later.");
}
