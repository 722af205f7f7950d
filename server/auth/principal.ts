import type { Scope } from "./scopes";

/** Who is calling, however they proved it (browser session or Bearer token). */
export interface Principal {
  userId: string;
  /** what the credential may do; an admin's power is the `admin` scope, not the account's role */
  scopes: ReadonlySet<Scope>;
  /** the Token row behind a Bearer credential; null for a browser session */
  tokenId: string | null;
  /** the BrowserSession row behind a browser's cookie; absent for a Bearer credential */
  sessionId?: string;
}
