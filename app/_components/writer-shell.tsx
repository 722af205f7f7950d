import type { ReactNode } from "react";
import type { Principal } from "@/server/auth/principal";
import { getCurrentUser } from "@/server/users/get-current-user";
import { TRPCProvider } from "../_trpc/provider";
import { SiteHeader } from "./site-header";

/**
 * The frame of every signed-in page: the header, and the tRPC client for the forms that use it.
 * Each page gets its principal first (requirePrincipal), so a signed-out visitor is sent to
 * sign-in with the page they wanted; a layout could not know that page.
 */
export async function WriterShell({ principal, children }: { principal: Principal; children: ReactNode }) {
  const user = await getCurrentUser(principal);
  return (
    <TRPCProvider>
      <SiteHeader email={user.email} />
      <main className="page">{children}</main>
    </TRPCProvider>
  );
}
