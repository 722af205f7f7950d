import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { decodeJwt } from "jose";
import { configDir, Profile, serverUrl } from "./config";

/** Who the client speaks as: the server, the access token and (for a login) its refresh token. */
export interface Session {
  profile: Profile;
  url: string;
  token?: string;
  refreshToken?: string;
  /** true when the token came from INKSTONE_TOKEN, which a login cannot replace */
  fromEnvironment?: boolean;
}

/**
 * INKSTONE_TOKEN and INKSTONE_URL win over the profile. A token from the environment comes without
 * a refresh token: the config's refresh token belongs to another token's family.
 */
export function openSession(profileName: string): Session {
  const profile = new Profile(profileName);
  const url = serverUrl(profile);
  if (process.env.INKSTONE_TOKEN) return { profile, url, token: process.env.INKSTONE_TOKEN, fromEnvironment: true };
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

/** The longest a holder may spend on its refresh request (the client aborts it then). */
export const REFRESH_TIMEOUT_MS = 60_000;
// Past this age a lock is abandoned whoever holds it: its holder gave up on its request long ago.
// This covers a holder on another machine (a shared home folder) and a reused pid.
const LOCK_STALE_MS = 2 * REFRESH_TIMEOUT_MS;
const LOCK_POLL_MS = 100;

interface LockHolder {
  pid: number;
  host: string;
}

const lockPath = () => path.join(configDir(), "refresh.lock");

/**
 * Runs `work` holding the config folder's refresh lock. Two commands refreshing with the same
 * refresh token look like a stolen token to the server, which then revokes the whole login; so a
 * second command waits here for as long as the holder lives (it is never skipped), and `work`
 * then finds the pair the first one stored. A lock is taken over only when its holder has died or
 * it is older than any holder can be.
 */
export async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(configDir(), { recursive: true, mode: 0o700 });
  const mine = JSON.stringify({ pid: process.pid, host: hostname() } satisfies LockHolder);
  while (!tryLock(mine)) {
    const stale = staleLock();
    if (stale) breakLock(stale);
    else await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
  // Released on any exit, Ctrl-C included, so no later command waits for a dead holder.
  const release = () => unlockIfMine(mine);
  process.on("exit", release);
  try {
    return await work();
  } finally {
    process.off("exit", release);
    release();
  }
}

// Written beside and hard-linked into place: the lock appears atomically, holder and all, and
// linking fails if it exists.
function tryLock(content: string): boolean {
  const temporary = `${lockPath()}.${process.pid}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600 });
  try {
    linkSync(temporary, lockPath());
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

interface LockState {
  holder: LockHolder | null;
  text: string | null;
  modifiedMs: number;
}

function readLock(file = lockPath()): LockState | null {
  let modifiedMs: number;
  try {
    modifiedMs = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  let text: string | null = null;
  let holder: LockHolder | null = null;
  try {
    text = readFileSync(file, "utf8");
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid === "number" && typeof parsed.host === "string") holder = { pid: parsed.pid, host: parsed.host };
  } catch {
    // unreadable (an older client's lock folder, say): only its age can tell
  }
  return { holder, text, modifiedMs };
}

/** The lock as it was seen when judged abandoned, or null while it is held (or gone). */
function staleLock(): LockState | null {
  const lock = readLock();
  if (!lock) return null;
  if (Date.now() - lock.modifiedMs > LOCK_STALE_MS) return lock;
  return lock.holder !== null && lock.holder.host === hostname() && !isAlive(lock.holder.pid) ? lock : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

// Moved aside before it is removed, then compared with what was judged: if another waiter broke
// the same lock and took a new one in between, the move caught that live lock, which goes back.
function breakLock(judged: LockState): void {
  const aside = `${lockPath()}.${process.pid}.stale`;
  try {
    renameSync(lockPath(), aside);
  } catch {
    return; // someone else broke it first
  }
  const moved = readLock(aside);
  if (moved && (moved.text !== judged.text || moved.modifiedMs !== judged.modifiedMs)) {
    try {
      linkSync(aside, lockPath());
    } catch {
      // a third command holds the lock by now; the live holder's pair is stored either way
    }
  }
  rmSync(aside, { recursive: true, force: true });
}

function unlockIfMine(content: string): void {
  if (readLock()?.text === content) rmSync(lockPath(), { force: true });
}
