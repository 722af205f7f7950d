import { z } from "zod";
import { db } from "../db";
import { env } from "../env";
import { AppError } from "../errors";
import { decoyPasswordHash, verifyPassword } from "./passwords";
import { clearRateLimit, hitRateLimit } from "./rate-limit";
import { emailSchema, requestedScopesSchema } from "./schemas";
import { scopesForRole } from "./scopes";
import { grantableScopes } from "./grant";
import { issueLoginPair, type TokenPair } from "./tokens";

export const loginInput = z.object({
  email: emailSchema,
  password: z.string().min(1).max(1024),
  scopes: requestedScopesSchema.optional().describe("defaults to every scope the user may hold"),
  name: z.string().trim().min(1).max(100).optional().describe("a label for this login, shown on the Tokens page"),
});
export type LoginInput = z.infer<typeof loginInput>;

/**
 * Checks e-mail and password, counting failures per e-mail so that guessing is slowed to
 * INKSTONE_LOGIN_ATTEMPTS tries a window. Both the token endpoint and browser sign-in use it.
 */
export async function verifyLogin(email: string, password: string): Promise<{ id: string; role: string }> {
  const limitKey = `login:${email}`;
  await hitRateLimit(limitKey, env.INKSTONE_LOGIN_ATTEMPTS, env.INKSTONE_LOGIN_WINDOW_SECONDS);
  const user = await db.user.findUnique({ where: { email }, select: { id: true, role: true, passwordHash: true } });
  // An unknown e-mail still costs one hash check, so timing does not tell which accounts exist.
  const matches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!user || !matches) throw new AppError("invalid_credentials", "E-mail or password is wrong.");
  await clearRateLimit(limitKey);
  return { id: user.id, role: user.role };
}

// POST /auth/login
export async function login(input: LoginInput): Promise<TokenPair> {
  const user = await verifyLogin(input.email, input.password);
  const scopes = grantableScopes(scopesForRole(user.role), input.scopes);
  return db.$transaction((tx) => issueLoginPair(tx, { userId: user.id, scopes, name: input.name ?? "login" }));
}
