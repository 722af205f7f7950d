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

function clientAddress(request: Request): string | null {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("x-real-ip");
}
