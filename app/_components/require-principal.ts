import { redirect } from "next/navigation";
import { cache } from "react";
import { sessionPrincipal } from "@/server/auth/session";
import type { Principal } from "@/server/auth/principal";

/** The session's principal, looked up once per page render however many layouts and pages ask. */
export const pagePrincipal = cache(sessionPrincipal);

/** The signed-in writer, or a trip to /sign-in that comes back to `path` afterwards. */
export async function requirePrincipal(path: string): Promise<Principal> {
  const principal = await pagePrincipal();
  if (!principal) redirect(`/sign-in?next=${encodeURIComponent(path)}`);
  return principal;
}
