import { sql } from "../db";
import { auth } from "./next-auth";
import type { Principal } from "./principal";
import { scopesForRole } from "./scopes";

/**
 * The principal of the browser's next-auth session: every scope the user's role allows. The
 * cookie proves who signed in; the session row, read with the user in one query, decides whether
 * that sign-in still stands (and an admin's disabling of the account ends it at once).
 */
export async function sessionPrincipal(): Promise<Principal | null> {
  const session = await auth();
  if (!session?.sessionId) return null;
  const row = await sql
    .selectFrom("BrowserSession")
    .innerJoin("User", "User.id", "BrowserSession.userId")
    .select(["BrowserSession.expiresAt", "User.id as userId", "User.role", "User.disabledAt"])
    .where("BrowserSession.id", "=", session.sessionId)
    .executeTakeFirst();
  if (!row || row.expiresAt.getTime() <= Date.now() || row.disabledAt !== null) return null;
  return { userId: row.userId, scopes: new Set(scopesForRole(row.role)), tokenId: null, sessionId: session.sessionId };
}
