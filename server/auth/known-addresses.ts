import { db } from "../db";

// An address the writer has not signed in from for this long is a stranger again.
const KNOWN_FOR_MS = 90 * 24 * 60 * 60 * 1000;

/** Records a sign-in with the right password from `address`, and forgets addresses long unused. */
export async function rememberAddress(userId: string, address: string | null): Promise<void> {
  if (!address) return;
  const now = new Date();
  await db.knownAddress.upsert({
    where: { userId_address: { userId, address } },
    create: { userId, address, lastSeenAt: now },
    update: { lastSeenAt: now },
  });
  await db.knownAddress.deleteMany({ where: { lastSeenAt: { lt: new Date(now.getTime() - KNOWN_FOR_MS) } } });
}

export async function isKnownAddress(userId: string, address: string | null): Promise<boolean> {
  if (!address) return false;
  const row = await db.knownAddress.findUnique({ where: { userId_address: { userId, address } }, select: { lastSeenAt: true } });
  return row !== null && Date.now() - row.lastSeenAt.getTime() < KNOWN_FOR_MS;
}
