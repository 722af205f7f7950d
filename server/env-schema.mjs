// @ts-check
// Every setting Inkstone reads from the environment, with its default, validated in one place.
// Plain JavaScript because plain `node` reads it too, before anything is compiled: the server entry
// (server/entry/main.mjs), next.config.mjs (so `next build` validates), the scripts that start,
// build and migrate, and the Prisma CLI's configs. The app's own code imports it through env.ts.
import { z } from "zod";

/** The defaults, once. Every variable is optional: a fresh clone runs with none set. */
const DEFAULTS = Object.freeze({
  DATABASE_URL: "file:./data/inkstone.db",
  INKSTONE_DATA_DIR: "./data",
  NEXT_DIST_DIR: ".next",
  PORT: 3000,
});

const SECONDS_IN_A_YEAR = 365 * 24 * 60 * 60;

/** The levels INKSTONE_LOG_LEVEL may name, pino's (server/log.mjs). */
export const LOG_LEVELS = /** @type {const} */ (["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/**
 * A whole number from `min` to `max`. Digits only: `z.coerce.number()` would read "" as 0 and
 * "1e3" or "0x10" as numbers, and a typo must stop the start with its name, not run on a guess.
 * @param {number} min
 * @param {number} max
 * @param {number} fallback
 */
function wholeNumber(min, max, fallback) {
  return z
    .string()
    .regex(/^\d{1,9}$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be a whole number from ${min} to ${max}`).max(max, `must be a whole number from ${min} to ${max}`))
    .default(fallback);
}

const schema = z
  .object({
    PORT: wholeNumber(0, 65535, DEFAULTS.PORT),
    /** the address to listen on; unset, every interface */
    INKSTONE_HOST: z.string().min(1).optional(),
    /** a PEM certificate (chain) and its key: with both, the server speaks HTTPS itself, with HSTS */
    INKSTONE_TLS_CERT: z.string().min(1).optional(),
    INKSTONE_TLS_KEY: z.string().min(1).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^(file:|postgres(ql)?:\/\/)/, "must be a SQLite file: URL or a postgresql:// URL")
      .default(DEFAULTS.DATABASE_URL),
    /** connections each instance keeps to PostgreSQL (unused on SQLite, which has one) */
    INKSTONE_DATABASE_POOL_SIZE: wholeNumber(1, 200, 10),
    INKSTONE_DATA_DIR: z.string().min(1).default(DEFAULTS.INKSTONE_DATA_DIR),
    /** where `next build` writes and the server reads the build: benchmarks and parallel test runs keep their own */
    NEXT_DIST_DIR: z.string().min(1).default(DEFAULTS.NEXT_DIST_DIR),
    INKSTONE_SIGNUP: z.enum(["open", "closed"]).default("open"),
    INKSTONE_JWT_SECRET: z.string().min(32).optional(),
    AUTH_SECRET: z.string().min(32).optional(),
    INKSTONE_LOGIN_ATTEMPTS: wholeNumber(1, 1_000_000, 10),
    INKSTONE_LOGIN_WINDOW_SECONDS: wholeNumber(1, SECONDS_IN_A_YEAR, 900),
    INKSTONE_ADDRESS_ATTEMPTS: wholeNumber(1, 1_000_000, 100),
    INKSTONE_ADDRESS_WINDOW_SECONDS: wholeNumber(1, SECONDS_IN_A_YEAR, 900),
    /** accounts one client address may open a window: each new account is another share of the workers */
    INKSTONE_SIGNUP_ATTEMPTS: wholeNumber(1, 1_000_000, 10),
    INKSTONE_SIGNUP_WINDOW_SECONDS: wholeNumber(1, SECONDS_IN_A_YEAR, 3600),
    /**
     * requests a minute one token (or one browser session's account) may make, steadily, on each
     * instance; 0 turns the per-token limit off (docs/decisions/0473-rate-limits-a-client-can-see.md)
     */
    INKSTONE_TOKEN_RATE: wholeNumber(0, 1_000_000, 1200),
    /** how many requests above that rate it may send at once: the bucket's size */
    INKSTONE_TOKEN_BURST: wholeNumber(1, 1_000_000, 300),
    /** reverse proxies in front of the server whose X-Forwarded-For is trusted (docs/operations.md) */
    INKSTONE_TRUSTED_PROXIES: wholeNumber(0, 10, 0),
    /**
     * origins (scheme://host[:port], comma-separated) whose pages may call the API from a browser
     * with a Bearer token (CORS, server/entry/cors.mjs); unset, none: same-origin only
     */
    INKSTONE_CORS_ORIGINS: z
      .string()
      .transform((value) => value.split(",").map((origin) => origin.trim()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s?#*]+$/, "must be origins such as https://app.example.com, comma-separated, without a path or a wildcard")))
      .default([]),
    /** worker threads for conversions, exports and analyses (server/workers/pool.ts) */
    INKSTONE_WORKERS: wholeNumber(1, 16, 2),
    /** how long an access token lives; short lifetimes let tests (and cautious sites) exercise refresh */
    INKSTONE_ACCESS_TOKEN_TTL_SECONDS: wholeNumber(1, SECONDS_IN_A_YEAR, 30 * 24 * 60 * 60),
    /** the longest a conversion or export may take before its worker is stopped; tests lower it to meet the limit quickly */
    INKSTONE_CONVERSION_TIMEOUT_SECONDS: wholeNumber(1, 3600, 120),
    /** the longest a search may run (a book's scan in its worker, the library's match in PostgreSQL); past it the caller reads search_timed_out */
    INKSTONE_SEARCH_TIMEOUT_MS: wholeNumber(1, 600_000, 10_000),
    /** "0": this process leaves the outbox's work (search index, bible mentions) to other instances, and its own writes' to them or its next start */
    INKSTONE_OUTBOX_DRAIN: z.enum(["0", "1"]).default("1"),
    /** the least severe lines the server logs (JSON lines on stdout, server/log.mjs): one access line a request at "info" */
    INKSTONE_LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
    /**
     * the Bearer token a Prometheus scraper sends to GET /metrics; unset, /metrics is not served
     * (docs/decisions/0478-health-metrics-and-request-ids.md)
     */
    INKSTONE_METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    /** /readyz fails below this much free space where the database and job files live, in MB */
    INKSTONE_READY_MIN_FREE_MB: wholeNumber(0, 10_000_000, 100),
    /**
     * "1": webhooks may be sent to private, loopback and link-local addresses (a receiver on the
     * operator's own network); unset, only public ones, so that no account can make the server
     * probe its own network (decision 0474)
     */
    INKSTONE_WEBHOOKS_ALLOW_PRIVATE: z.enum(["0", "1"]).default("0"),
    /** how long a chapter rests after a save before its chapter.saved event is sent (one event per pause, not per autosave) */
    INKSTONE_WEBHOOKS_CHAPTER_QUIET_SECONDS: wholeNumber(0, 3600, 30),
    /**
     * the address writers reach this server at (https://ink.example.com): links the server sends
     * away (an invitation's e-mail) are made on it, never on a request's Host header, which a
     * client can forge; unset, no such e-mail is sent
     */
    INKSTONE_PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/, "must be an http(s) URL such as https://ink.example.com, without a query")
      .transform((url) => url.replace(/\/+$/, ""))
      .optional(),
    /** the SMTP server that sends e-mail (smtp://user:password@host:587, or smtps:// for TLS from the start); unset, no e-mail is sent */
    INKSTONE_SMTP_URL: z.string().regex(/^smtps?:\/\/\S+$/, "must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587").optional(),
    /** the sender of that e-mail: an address, or a name and an address ("Inkstone <ink@example.com>") */
    INKSTONE_MAIL_FROM: z.string().min(3).max(320).optional(),
    /** at build time: "1" builds the benchmark's baseline route too (bench/api.mjs); production builds leave it out */
    INKSTONE_BENCH: z.enum(["0", "1"]).default("0"),
  })
  .refine((env) => Boolean(env.INKSTONE_TLS_CERT) === Boolean(env.INKSTONE_TLS_KEY), {
    message: "INKSTONE_TLS_CERT and INKSTONE_TLS_KEY go together: set both to serve HTTPS, or neither",
    path: ["INKSTONE_TLS_CERT"],
  })
  .refine((env) => Boolean(env.INKSTONE_SMTP_URL) === Boolean(env.INKSTONE_MAIL_FROM), {
    message: "INKSTONE_SMTP_URL and INKSTONE_MAIL_FROM go together: set both to send e-mail, or neither",
    path: ["INKSTONE_SMTP_URL"],
  });

/** @typedef {z.infer<typeof schema>} Env */

/**
 * The configuration in `source`, or an error that names each wrong variable and what it must be.
 * An empty value counts as unset, as `FOO=` in a .env file means.
 * @param {Record<string, string | undefined>} source
 * @returns {Env}
 */
export function readEnv(source) {
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid configuration (see Configuration in README.md):\n${problems}`);
  }
  return parsed.data;
}

/** @param {string} url */
export function isPostgresUrl(url) {
  return /^postgres(ql)?:\/\//.test(url);
}
