import type { ReactNode } from "react";
import { pagePrincipal } from "../_components/require-principal";
import { WriterShell } from "../_components/writer-shell";

/**
 * The header and tRPC client around every signed-in page in this group. It does not redirect:
 * each page calls requirePrincipal(itsPath) so that sign-in brings the writer back to it.
 */
export default async function WriterLayout({ children }: { children: ReactNode }) {
  const principal = await pagePrincipal();
  if (!principal) return children;
  return <WriterShell principal={principal}>{children}</WriterShell>;
}
