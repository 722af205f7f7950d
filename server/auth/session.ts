import { db } from "../db";
import { auth } from "./next-auth";
import type { Principal } from "./principal";
import { scopesForRole } from "./scopes";

/** The principal of the browser's next-auth session: every scope the user's role allows. */
export async function sessionPrincipal(): Promise<Principal | null> {
  const session = await auth();
  if (!session?.user?.id) return null;
  const user = await db.user.findUnique({ where: { id: session.user.id }, select: { id: true, role: true } });
  if (!user) return null;
  return { userId: user.id, scopes: new Set(scopesForRole(user.role)), tokenId: null };
}
