import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readEnv } from "./env-schema.mjs";

/**
 * Configuration, validated once (the variables, their defaults and their checks are in env-schema.mjs,
 * which plain-node scripts read too).
 */
export const env = readEnv(process.env);

interface Secrets {
  jwtSecret: string;
  authSecret: string;
}

let cachedSecrets: Secrets | undefined;

/**
 * Signing secrets come from the environment, or from `<data dir>/secrets.json`, which is
 * written on first start so that tokens and sessions survive a restart.
 */
export function secrets(): Secrets {
  if (cachedSecrets) return cachedSecrets;
  const file = path.join(env.INKSTONE_DATA_DIR, "secrets.json");
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(readFileSync(file, "utf8")) as Partial<Secrets>;
  } catch {
    // first start: nothing stored yet
  }
  const complete: Secrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString("base64url"),
    authSecret: stored.authSecret ?? randomBytes(48).toString("base64url"),
  };
  if (complete.jwtSecret !== stored.jwtSecret || complete.authSecret !== stored.authSecret) {
    mkdirSync(env.INKSTONE_DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(complete, null, 2), { mode: 0o600 });
  }
  cachedSecrets = {
    jwtSecret: env.INKSTONE_JWT_SECRET ?? complete.jwtSecret,
    authSecret: env.AUTH_SECRET ?? complete.authSecret,
  };
  return cachedSecrets;
}
