import { errors, jwtVerify, SignJWT } from "jose";
import { secrets } from "../env";
import { AppError } from "../errors";

const ISSUER = "inkstone";
export const ACCESS_TOKEN_SECONDS = 30 * 24 * 60 * 60;

// Imported once: handing jose raw bytes makes it import the key again on every verification.
let key: Promise<CryptoKey> | undefined;
function signingKey(): Promise<CryptoKey> {
  key ??= crypto.subtle.importKey("raw", new TextEncoder().encode(secrets().jwtSecret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
  return key;
}

export async function signAccessToken(claims: { userId: string; jti: string; scope: string; expiresAt: Date }) {
  return new SignJWT({ scope: claims.scope })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setSubject(claims.userId)
    .setJti(claims.jti)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(await signingKey());
}

/** Checks signature and expiry; returns the token id (`jti`) to look up in the database. */
export async function verifyAccessToken(token: string): Promise<{ jti: string; userId: string }> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(), { issuer: ISSUER, algorithms: ["HS256"] });
    if (!payload.jti || !payload.sub) throw new AppError("invalid_token", "The access token is malformed.");
    return { jti: payload.jti, userId: payload.sub };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof errors.JWTExpired) throw new AppError("token_expired", "The access token has expired.");
    throw new AppError("invalid_token", "The access token is not valid.");
  }
}
