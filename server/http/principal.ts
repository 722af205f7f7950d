import { sessionPrincipal } from "../auth/session";
import { principalFromAccessToken } from "../auth/tokens";
import type { Principal } from "../auth/principal";
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
    return principalFromAccessToken(match[1]!, clientAddress(request));
  }
  return sessionPrincipal();
}

/**
 * The address shown as a token's "last used from". The right-most X-Forwarded-For entry is the one
 * the nearest hop saw: `next start` fills it from the socket, and a reverse proxy appends it.
 */
function clientAddress(request: Request): string | null {
  return request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() || null;
}
