import { db, transaction } from "../db";
import { env } from "../env";
import { AppError } from "../errors";

/**
 * Fixed-window counters in the database, so that every app instance shares them (DESIGN §8).
 * Throws rate_limited (429 with Retry-After) once `limit` hits land in one window.
 */
export async function hitRateLimit(key: string, limit: number, windowSeconds: number): Promise<void> {
  const now = new Date();
  const windowMs = windowSeconds * 1000;
  const { bucket, started } = await transaction(async (tx) => {
    const current = await tx.rateLimitBucket.findUnique({ where: { key } });
    if (!current || now.getTime() - current.windowStart.getTime() >= windowMs) {
      const fresh = await tx.rateLimitBucket.upsert({
        where: { key },
        create: { key, windowStart: now, count: 1 },
        update: { windowStart: now, count: 1 },
      });
      return { bucket: fresh, started: true };
    }
    return { bucket: await tx.rateLimitBucket.update({ where: { key }, data: { count: { increment: 1 } } }), started: false };
  });
  // Each new window is a write anyway; sweeping the windows that have ended keeps the table to
  // the keys seen lately, whatever an attacker sprays.
  if (started) await sweepRateLimits(now, windowMs);
  if (bucket.count > limit) {
    const retryAfter = Math.max(1, Math.ceil((bucket.windowStart.getTime() + windowMs - now.getTime()) / 1000));
    throw new AppError("rate_limited", "Too many attempts; try again later.", { retryAfter }, retryAfter);
  }
}

export async function clearRateLimit(key: string): Promise<void> {
  await db.rateLimitBucket.deleteMany({ where: { key } });
}

/** Deletes buckets whose window has surely ended: older than the longest window in use. */
async function sweepRateLimits(now: Date, windowMs: number): Promise<void> {
  const longestMs = Math.max(windowMs, env.INKSTONE_LOGIN_WINDOW_SECONDS * 1000, env.INKSTONE_ADDRESS_WINDOW_SECONDS * 1000);
  await db.rateLimitBucket.deleteMany({ where: { windowStart: { lt: new Date(now.getTime() - longestMs) } } });
}

/**
 * Every password checked or hashed costs the server tens of milliseconds of CPU (argon2), so one
 * client address gets INKSTONE_ADDRESS_ATTEMPTS of them a window, across all e-mails: sign-in
 * attempts and sign-ups alike. Requests without an address share one bucket.
 */
export function limitPasswordWorkFrom(address: string | null): Promise<void> {
  return hitRateLimit(`address:${address ?? "unknown"}`, env.INKSTONE_ADDRESS_ATTEMPTS, env.INKSTONE_ADDRESS_WINDOW_SECONDS);
}
