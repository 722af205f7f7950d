import { sql, transaction } from "../db";
import { env } from "../env";
import { AppError } from "../errors";
import { decoyPasswordHash, verifyPassword } from "./passwords";
import { isKnownAddress, rememberAddress } from "./known-addresses";
import { clearRateLimit, hitRateLimit, limitPasswordWorkFrom } from "./rate-limit";
import type { LoginInput, TokenPair } from "./schemas";
import { scopesForRole } from "./scopes";
import { grantableScopes } from "./grant";
import { DISABLED_MESSAGE, issueLoginPair } from "./tokens";

/**
 * Checks e-mail and password from a client `address`. Both the token endpoint and browser sign-in
 * use it. Two limits slow guessing: the address's budget of password checks (across e-mails), and
 * INKSTONE_LOGIN_ATTEMPTS tries a window per e-mail. So that a stranger cannot lock a writer out by
 * spending the e-mail's tries, the e-mail's limit does not bind an address the writer has signed
 * in from before: there the password is still checked, and only the address's budget applies.
 */
export async function verifyLogin(email: string, password: string, address: string | null): Promise<{ id: string; role: string }> {
  await limitPasswordWorkFrom(address);
  const user = await sql.selectFrom("User").select(["id", "role", "passwordHash", "disabledAt"]).where("email", "=", email).executeTakeFirst();
  const emailKey = `login:${email}`;
  const underEmailLimit = await withinEmailLimit(emailKey, user?.id, address);
  // An unknown e-mail still costs one hash check, so timing does not tell which accounts exist.
  const matches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!user || !matches) throw new AppError("invalid_credentials", "E-mail or password is wrong.");
  // Said only to whoever knows the password: a disabled account is not a stranger's to discover.
  if (user.disabledAt) throw new AppError("account_disabled", DISABLED_MESSAGE);
  // A writer's success wipes their own typos, but not a stranger's tries it merely got past.
  if (underEmailLimit) await clearRateLimit(emailKey);
  await rememberAddress(user.id, address);
  return { id: user.id, role: user.role };
}

/** Counts the try against the e-mail; false when over the limit but let through from a known address. */
async function withinEmailLimit(emailKey: string, userId: string | undefined, address: string | null): Promise<boolean> {
  try {
    await hitRateLimit(emailKey, env.INKSTONE_LOGIN_ATTEMPTS, env.INKSTONE_LOGIN_WINDOW_SECONDS);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited" && userId && (await isKnownAddress(userId, address))) return false;
    throw error;
  }
}

// POST /auth/login
export async function login(input: LoginInput, address: string | null): Promise<TokenPair> {
  const user = await verifyLogin(input.email, input.password, address);
  const scopes = grantableScopes(scopesForRole(user.role), input.scopes);
  return transaction((trx) => issueLoginPair(trx, { userId: user.id, scopes, name: input.name ?? "login" }));
}
