import { sql } from "../db";
import { newId } from "../sql/values";

export const BROWSER_SESSION_SECONDS = 30 * 24 * 60 * 60;

/**
 * Stores a signed-in browser and returns the id its cookie carries. Sessions that have run out
 * are swept here, as sign-ins come far less often than requests.
 */
export async function startBrowserSession(userId: string): Promise<string> {
  const now = Date.now();
  await sql.deleteFrom("BrowserSession").where("expiresAt", "<=", new Date(now)).execute();
  const id = newId();
  await sql
    .insertInto("BrowserSession")
    .values({ id, userId, expiresAt: new Date(now + BROWSER_SESSION_SECONDS * 1000), createdAt: new Date(now) })
    .execute();
  return id;
}

/** Signing out: the cookie may live on in the browser (or in a thief's hands), but it names nothing. */
export async function endBrowserSession(sessionId: string): Promise<void> {
  await sql.deleteFrom("BrowserSession").where("id", "=", sessionId).execute();
}
