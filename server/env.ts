import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readEnv } from "./env-schema.mjs";
import { StartRefused } from "./start-refused";

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

/** A stored secret: what secrets() writes (64 base64url characters), or one an operator chose. */
const isSecret = (value: unknown): value is string => typeof value === "string" && value.length >= 32;

/**
 * The file's secrets, or none on a first start. A file that is there but unreadable, not JSON, or
 * short of a secret is never replaced: new secrets would end every token and session without a
 * word (issue 34 item 5), so the server refuses to start and names the file.
 */
function storedSecrets(file: string): Secrets | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new StartRefused(`Cannot read ${file}: ${(error as Error).message}. Inkstone keeps its signing secrets there; fix its permissions, or restore it from a backup.`);
  }
  let stored: { jwtSecret?: unknown; authSecret?: unknown } = {};
  try {
    // JSON's null, a number or a string has neither secret, as a damaged object has not.
    stored = Object(JSON.parse(text));
  } catch {
    // reported below, with the other ways a file can be damaged
  }
  const { jwtSecret, authSecret } = stored;
  if (!isSecret(jwtSecret) || !isSecret(authSecret)) {
    throw new StartRefused(
      `${file} is damaged: it must hold {"jwtSecret", "authSecret"}, each at least 32 characters. Inkstone will not replace it, ` +
        "which would sign every writer out and end every token: restore it from a backup, or delete it to start over with new secrets.",
    );
  }
  return { jwtSecret, authSecret };
}

/**
 * Signing secrets come from the environment, or from `<data dir>/secrets.json`, which is
 * written on first start (whole or not at all: a temporary file linked into place) so that
 * tokens and sessions survive a restart.
 */
export function secrets(): Secrets {
  if (cachedSecrets) return cachedSecrets;
  // Both given (as every instance of a PostgreSQL deployment is): the file is neither read nor
  // written, so a damaged one left in the data folder stops nothing.
  if (env.INKSTONE_JWT_SECRET && env.AUTH_SECRET) return (cachedSecrets = { jwtSecret: env.INKSTONE_JWT_SECRET, authSecret: env.AUTH_SECRET });
  const file = path.join(env.INKSTONE_DATA_DIR, "secrets.json");
  let stored = storedSecrets(file);
  if (!stored) {
    stored = { jwtSecret: randomBytes(48).toString("base64url"), authSecret: randomBytes(48).toString("base64url") };
    mkdirSync(env.INKSTONE_DATA_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(stored, null, 2), { mode: 0o600, flush: true });
    try {
      // A link, unlike a rename, fails when the file is there: of two instances starting on one data
      // folder, the second keeps the first's secrets instead of replacing them.
      linkSync(partial, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      stored = storedSecrets(file)!;
    } finally {
      unlinkSync(partial);
    }
  }
  cachedSecrets = {
    jwtSecret: env.INKSTONE_JWT_SECRET ?? stored.jwtSecret,
    authSecret: env.AUTH_SECRET ?? stored.authSecret,
  };
  return cachedSecrets;
}
