import { clientAddress } from "./client-address";
import { sessionPrincipal } from "./session";
import { principalFromAccessToken } from "./tokens";
import type { Principal } from "./principal";
import { AppError } from "../errors";

/**
 * Who sent the request: a Bearer token if one is present (and it must then be good), else the
 * browser's next-auth session, else nobody.
 */
export async function principalFromRequest(request: Request): Promise<Principal | null> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const match = authorization.match(/^Bearer\s+(\S+)\s*$/i);
    if (!match) throw new AppError("invalid_token", 'Send the token as "Authorization: Bearer <token>".');
    return principalFromAccessToken(match[1]!, clientAddress(request.headers));
  }
  const principal = await sessionPrincipal();
  if (principal && !SAFE_METHODS.has(request.method) && crossSite(request)) {
    throw new AppError("forbidden", "A change made with a browser session must come from Inkstone's own pages.");
  }
  return principal;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A cookie travels with requests that other sites make the browser send; a form on another site
 * can post multipart to an upload. Browsers mark such requests (Sec-Fetch-Site, Origin); scripts
 * and the CLI send neither, and use Bearer tokens anyway.
 */
function crossSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  try {
    return new URL(origin).host !== (request.headers.get("x-forwarded-host") ?? request.headers.get("host"));
  } catch {
    return true;
  }
}
