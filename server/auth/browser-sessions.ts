import { db } from "../db";

export const BROWSER_SESSION_SECONDS = 30 * 24 * 60 * 60;

/**
 * Stores a signed-in browser and returns the id its cookie carries. Sessions that have run out
 * are swept here, as sign-ins come far less often than requests.
 */
export async function startBrowserSession(userId: string): Promise<string> {
  const now = Date.now();
  await db.browserSession.deleteMany({ where: { expiresAt: { lte: new Date(now) } } });
  const row = await db.browserSession.create({
    data: { userId, expiresAt: new Date(now + BROWSER_SESSION_SECONDS * 1000) },
    select: { id: true },
  });
  return row.id;
}

/** Signing out: the cookie may live on in the browser (or in a thief's hands), but it names nothing. */
export async function endBrowserSession(sessionId: string): Promise<void> {
  await db.browserSession.deleteMany({ where: { id: sessionId } });
}
