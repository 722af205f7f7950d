import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Configuration, validated once. Every variable is optional: a fresh clone runs with none set. */
const schema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres(ql)?:\/\/)/, "must be a SQLite file: URL or a postgresql:// URL")
    .default("file:./data/inkstone.db"),
  /** connections each instance keeps to PostgreSQL (unused on SQLite, which has one) */
  INKSTONE_DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  INKSTONE_DATA_DIR: z.string().min(1).default("./data"),
  INKSTONE_SIGNUP: z.enum(["open", "closed"]).default("open"),
  INKSTONE_JWT_SECRET: z.string().min(32).optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  INKSTONE_LOGIN_ATTEMPTS: z.coerce.number().int().positive().default(10),
  INKSTONE_LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  INKSTONE_ADDRESS_ATTEMPTS: z.coerce.number().int().positive().default(100),
  INKSTONE_ADDRESS_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** reverse proxies in front of the server whose X-Forwarded-For is trusted (docs/operations.md) */
  INKSTONE_TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  /** how long an access token lives; short lifetimes let tests (and cautious sites) exercise refresh */
  /** worker threads for conversions, exports and analyses (server/workers/pool.ts) */
  INKSTONE_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  INKSTONE_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(365 * 24 * 60 * 60).default(30 * 24 * 60 * 60),
  /** the longest a conversion or export may take before its worker is stopped; tests lower it to meet the limit quickly */
  INKSTONE_CONVERSION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
});

type Env = z.infer<typeof schema>;

function parseEnv(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}

export const env = parseEnv();

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
