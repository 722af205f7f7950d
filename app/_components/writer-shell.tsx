import type { ReactNode } from "react";
import type { Principal } from "@/server/auth/principal";
import { actsForEveryone } from "@/server/auth/scopes";
import { unreadCount } from "@/server/inbox/list-inbox";
import { getCurrentUser } from "@/server/users/get-current-user";
import { TRPCProvider } from "../_trpc/provider";
import { currentTheme } from "./current-theme";
import { SiteHeader } from "./site-header";

/**
 * The frame of every signed-in page: the header, and the tRPC client for the forms that use it.
 * Each page gets its principal first (requirePrincipal), so a signed-out visitor is sent to
 * sign-in with the page they wanted; a layout could not know that page.
 */
export async function WriterShell({ principal, children }: { principal: Principal; children: ReactNode }) {
  const [user, theme, unread] = await Promise.all([getCurrentUser(principal), currentTheme(), unreadCount(principal)]);
  return (
    <TRPCProvider>
      <SiteHeader name={user.name} email={user.email} theme={theme} admin={actsForEveryone(principal)} unread={unread} />
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
    </TRPCProvider>
  );
}
