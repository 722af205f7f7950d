import { env, secrets } from "../env";
import { AppError } from "../errors";
import { lazy } from "../lazy";

// Loaded with the first token signed or checked: most test files, and a server until its first API
// call, need none (decision 0518).
const jose = lazy(() => import("jose"));

const ISSUER = "inkstone";
export const ACCESS_TOKEN_SECONDS = env.INKSTONE_ACCESS_TOKEN_TTL_SECONDS;

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
  const { SignJWT } = await jose();
  return new SignJWT({ scope: claims.scope })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setSubject(claims.userId)
    .setJti(claims.jti)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(await signingKey());
}

interface VerifiedToken {
  jti: string;
  userId: string;
  /** when the token expires, in ms since the epoch */
  expiresAt: number;
}

// A token's signature never stops being valid, so checking it once per token string is enough;
// whether the token still stands is the database row's to say, read on every request. Bounded:
// the oldest entries go first when it is full.
const VERIFIED_CACHE_SIZE = 10_000;
const verified = new Map<string, VerifiedToken>();

/** Checks signature and expiry; returns the token id (`jti`) to look up in the database. */
export async function verifyAccessToken(token: string): Promise<{ jti: string; userId: string }> {
  const known = verified.get(token) ?? (await verifySignature(token));
  if (known.expiresAt <= Date.now()) {
    verified.delete(token);
    throw new AppError("token_expired", "The access token has expired.");
  }
  if (!verified.has(token)) {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, known);
  }
  return { jti: known.jti, userId: known.userId };
}

async function verifySignature(token: string): Promise<VerifiedToken> {
  const { errors, jwtVerify } = await jose();
  try {
    const { payload } = await jwtVerify(token, await signingKey(), { issuer: ISSUER, algorithms: ["HS256"] });
    if (!payload.jti || !payload.sub || payload.exp === undefined) throw new AppError("invalid_token", "The access token is malformed.");
    return { jti: payload.jti, userId: payload.sub, expiresAt: payload.exp * 1000 };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof errors.JWTExpired) throw new AppError("token_expired", "The access token has expired.");
    throw new AppError("invalid_token", "The access token is not valid.");
  }
}
