import { errors, jwtVerify, SignJWT } from "jose";
import { secrets } from "../env";
import { AppError } from "../errors";

const ISSUER = "inkstone";
export const ACCESS_TOKEN_SECONDS = 30 * 24 * 60 * 60;

let key: Uint8Array | undefined;
function signingKey(): Uint8Array {
  key ??= new TextEncoder().encode(secrets().jwtSecret);
  return key;
}

export function signAccessToken(claims: { userId: string; jti: string; scope: string; expiresAt: Date }) {
  return new SignJWT({ scope: claims.scope })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setSubject(claims.userId)
    .setJti(claims.jti)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(signingKey());
}

/** Checks signature and expiry; returns the token id (`jti`) to look up in the database. */
export async function verifyAccessToken(token: string): Promise<{ jti: string; userId: string }> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), { issuer: ISSUER, algorithms: ["HS256"] });
    if (!payload.jti || !payload.sub) throw new AppError("invalid_token", "The access token is malformed.");
    return { jti: payload.jti, userId: payload.sub };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof errors.JWTExpired) throw new AppError("token_expired", "The access token has expired.");
    throw new AppError("invalid_token", "The access token is not valid.");
  }
}
