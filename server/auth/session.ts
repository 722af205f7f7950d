import { db } from "../db";
import { auth } from "./next-auth";
import type { Principal } from "./principal";
import { scopesForRole } from "./scopes";

/**
 * The principal of the browser's next-auth session: every scope the user's role allows. The
 * cookie proves who signed in; the session row, read with the user in one query, decides whether
 * that sign-in still stands.
 */
export async function sessionPrincipal(): Promise<Principal | null> {
  const session = await auth();
  if (!session?.sessionId) return null;
  const row = await db.browserSession.findUnique({
    where: { id: session.sessionId },
    select: { expiresAt: true, user: { select: { id: true, role: true } } },
  });
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return { userId: row.user.id, scopes: new Set(scopesForRole(row.user.role)), tokenId: null };
}
