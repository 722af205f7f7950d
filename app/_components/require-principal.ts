import { redirect } from "next/navigation";
import { sessionPrincipal } from "@/server/auth/session";
import type { Principal } from "@/server/auth/principal";

/** The signed-in writer, or a trip to /sign-in that comes back to `path` afterwards. */
export async function requirePrincipal(path: string): Promise<Principal> {
  const principal = await sessionPrincipal();
  if (!principal) redirect(path === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(path)}`);
  return principal;
}
