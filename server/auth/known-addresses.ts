import { sql } from "../db";

// An address the writer has not signed in from for this long is a stranger again.
const KNOWN_FOR_MS = 90 * 24 * 60 * 60 * 1000;

/** Records a sign-in with the right password from `address`, and forgets addresses long unused. */
export async function rememberAddress(userId: string, address: string | null): Promise<void> {
  if (!address) return;
  const now = new Date();
  await sql
    .insertInto("KnownAddress")
    .values({ userId, address, lastSeenAt: now })
    .onConflict((conflict) => conflict.columns(["userId", "address"]).doUpdateSet({ lastSeenAt: now }))
    .execute();
  await sql.deleteFrom("KnownAddress").where("lastSeenAt", "<", new Date(now.getTime() - KNOWN_FOR_MS)).execute();
}

export async function isKnownAddress(userId: string, address: string | null): Promise<boolean> {
  if (!address) return false;
  const row = await sql.selectFrom("KnownAddress").select("lastSeenAt").where("userId", "=", userId).where("address", "=", address).executeTakeFirst();
  return row !== undefined && Date.now() - row.lastSeenAt.getTime() < KNOWN_FOR_MS;
}
