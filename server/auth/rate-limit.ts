import { db } from "../db";
import { AppError } from "../errors";

/**
 * Fixed-window counters in the database, so that every app instance shares them (DESIGN §8).
 * Throws rate_limited (429 with Retry-After) once `limit` hits land in one window.
 */
export async function hitRateLimit(key: string, limit: number, windowSeconds: number): Promise<void> {
  const now = new Date();
  const windowMs = windowSeconds * 1000;
  const bucket = await db.$transaction(async (tx) => {
    const current = await tx.rateLimitBucket.findUnique({ where: { key } });
    if (!current || now.getTime() - current.windowStart.getTime() >= windowMs) {
      return tx.rateLimitBucket.upsert({
        where: { key },
        create: { key, windowStart: now, count: 1 },
        update: { windowStart: now, count: 1 },
      });
    }
    return tx.rateLimitBucket.update({ where: { key }, data: { count: { increment: 1 } } });
  });
  if (bucket.count > limit) {
    const retryAfter = Math.max(1, Math.ceil((bucket.windowStart.getTime() + windowMs - now.getTime()) / 1000));
    throw new AppError("rate_limited", "Too many attempts; try again later.", { retryAfter }, retryAfter);
  }
}

export async function clearRateLimit(key: string): Promise<void> {
  await db.rateLimitBucket.deleteMany({ where: { key } });
}
