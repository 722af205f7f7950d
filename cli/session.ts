import { mkdirSync, rmdirSync, statSync } from "node:fs";
import path from "node:path";
import { decodeJwt } from "jose";
import { configDir, Profile, serverUrl } from "./config";

/** Who the client speaks as: the server, the access token and (for a login) its refresh token. */
export interface Session {
  profile: Profile;
  url: string;
  token?: string;
  refreshToken?: string;
}

/**
 * INKSTONE_TOKEN and INKSTONE_URL win over the profile. A token from the environment comes without
 * a refresh token: the config's refresh token belongs to another token's family.
 */
export function openSession(profileName: string): Session {
  const profile = new Profile(profileName);
  const url = serverUrl(profile);
  if (process.env.INKSTONE_TOKEN) return { profile, url, token: process.env.INKSTONE_TOKEN };
  return { profile, url, token: profile.get("api.token"), refreshToken: profile.get("api.refresh_token") };
}

/**
 * True when the token is past, or within a tenth of its life (at most a minute) of, its expiry,
 * read from the JWT's own claims. A token that is not a JWT is left for the server to judge.
 */
export function nearExpiry(token: string, now = Date.now()): boolean {
  try {
    const { exp, iat } = decodeJwt(token);
    if (exp === undefined) return false;
    const lifetimeMs = iat === undefined ? Infinity : (exp - iat) * 1000;
    return exp * 1000 - now <= Math.min(60_000, lifetimeMs / 10);
  } catch {
    return false;
  }
}

const LOCK_WAIT_MS = 10_000;
const LOCK_STALE_MS = 30_000;

/**
 * Runs `work` holding the profile folder's refresh lock. Two commands refreshing with the same
 * refresh token would look like a stolen token to the server, which then revokes the whole login;
 * so a second command waits here and then finds the pair the first one stored.
 */
export async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(configDir(), { recursive: true, mode: 0o700 });
  const lock = path.join(configDir(), "refresh.lock");
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a killed process must not block every later command.
      const age = Date.now() - (statSafe(lock) ?? Date.now());
      if (age > LOCK_STALE_MS) rmdirSafe(lock);
      else if (Date.now() > deadline) break;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    rmdirSafe(lock);
  }
}

function statSafe(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

function rmdirSafe(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // already gone
  }
}
