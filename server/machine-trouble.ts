import { AppError, type ErrorCode } from "./errors";
import { log } from "./log.mjs";

/**
 * When the machine fails rather than the request (issue 34 item 2): a full disk, or a database that
 * cannot be reached. Every request it fails gets an answer naming the cause, instead of 500
 * `internal`; the log says what happened once when it starts and once when it ends, not a stack
 * per request (a PostgreSQL outage wrote 2,567 lines in 10 s).
 */
type Trouble = Extract<ErrorCode, "storage_full" | "database_unavailable">;

const ANSWERS: Record<Trouble, { message: string; retryAfter: number; logged: string; recovered: string }> = {
  storage_full: {
    message: "The server's disk is full: nothing was saved. Your text is safe where it was; try again once space is freed.",
    retryAfter: 60,
    logged: "The disk is full: changes are refused with 507 storage_full until space is freed",
    recovered: "Changes are saved again: the disk has room",
  },
  database_unavailable: {
    message: "The database cannot be reached: nothing was saved. Try again in a moment.",
    retryAfter: 5,
    logged: "The database cannot be reached: requests are answered 503 database_unavailable until it can",
    recovered: "The database answers again",
  },
};

/** Node's and SQLite's words for a full disk, and PostgreSQL's SQLSTATE (class 53: insufficient resources). */
const FULL = new Set(["ENOSPC", "EDQUOT", "SQLITE_FULL", "53100"]);
/**
 * A database out of reach: SQLite's file gone or failing under it, PostgreSQL refusing, shutting
 * down (57P01–57P03) or the connection lost (class 08). ECONNRESET is left out: a client that goes
 * away mid-body says the same (server/request/cut-off.ts).
 */
const UNREACHABLE = new Set(["ECONNREFUSED", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN", "57P01", "57P02", "57P03"]);
const UNREACHABLE_SQLITE = /^SQLITE_(IOERR|CANTOPEN|READONLY)/;
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;
/** node-postgres's words for a connection that ended or never came (it sets no code on these). */
const POSTGRES_LOST = /^(Connection terminated|timeout exceeded when trying to connect)/;

function troubleOf(error: unknown): Trouble | null {
  // A failure may arrive wrapped (a transaction's, a job's): look a few causes down.
  for (let depth = 0; error instanceof Error && depth < 5; depth++, error = error.cause) {
    const code = String((error as { code?: unknown }).code ?? "");
    if (FULL.has(code)) return "storage_full";
    if (UNREACHABLE.has(code) || UNREACHABLE_SQLITE.test(code) || CONNECTION_EXCEPTION.test(code)) return "database_unavailable";
    if (POSTGRES_LOST.test(error.message)) return "database_unavailable";
  }
  return null;
}

interface Episode {
  trouble: Trouble;
  since: number;
  refused: number;
}
/** On globalThis: REST's and tRPC's bundles each have a copy of this module, and one machine. */
const EPISODE = Symbol.for("inkstone.machineTrouble");
const shared = globalThis as { [EPISODE]?: { current: Episode | null } };
const state = (shared[EPISODE] ??= { current: null });

/** The trouble `error` shows, logged when it starts an episode; null for any other failure. */
function noted(error: unknown): Trouble | null {
  const trouble = troubleOf(error);
  if (trouble && state.current?.trouble !== trouble) {
    log.error({ cause: error instanceof Error ? error.message : String(error) }, ANSWERS[trouble].logged);
    state.current = { trouble, since: Date.now(), refused: 0 };
  }
  return trouble;
}

/** The answer for a request the machine failed; null for any other failure. */
export function machineTrouble(error: unknown): AppError | null {
  const trouble = noted(error);
  if (!trouble) return null;
  state.current!.refused++;
  return new AppError(trouble, ANSWERS[trouble].message, undefined, ANSWERS[trouble].retryAfter);
}

/** Logs a failure of work done in the background: the machine's once for the whole outage, any other with its stack. */
export function logFailure(error: unknown, what: string): void {
  if (!noted(error)) log.error({ err: error }, what);
}

/** A change was saved: an episode, if one was under way, is over. (A read can succeed on a full disk.) */
export function machineSavedAgain(): void {
  const episode = state.current;
  if (!episode) return;
  state.current = null;
  const seconds = Math.round((Date.now() - episode.since) / 1000);
  log.warn(`${ANSWERS[episode.trouble].recovered} after ${seconds} s; ${episode.refused} requests were refused meanwhile`);
}
