import type { z } from "zod";
import { fieldProblems, type FieldProblem } from "../server/errors";
import { EXIT_INTERRUPTED } from "./interrupt";

/** A failure the user can act on: printed as one line, exit code `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = "CliError";
  }
}

// As gh does: scripts can tell "log in first" from every other failure.
export const EXIT_NOT_LOGGED_IN = 4;

export function notLoggedIn(): CliError {
  return new CliError("not logged in — run inkstone login", EXIT_NOT_LOGGED_IN);
}

const REFUSED_TOKEN: Record<string, string> = {
  token_expired: "has expired",
  token_revoked: "was revoked",
};

/**
 * The server refused the token in INKSTONE_TOKEN. "Run inkstone login" cannot help here: the
 * variable wins over any login, so the line names it.
 */
export function environmentTokenRefused(error: string): CliError {
  const why = REFUSED_TOKEN[error] ?? "is not a token this server accepts";
  return new CliError(`the token in INKSTONE_TOKEN ${why} — set a valid one, or unset INKSTONE_TOKEN to use the stored login`, EXIT_NOT_LOGGED_IN);
}

const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: "no such file or folder",
  EISDIR: "it is a folder, not a file",
  ENOTDIR: "a part of the path is a file, not a folder",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EEXIST: "it exists already",
  ENOSPC: "the disk is full",
  EROFS: "the file system is read-only",
};

/** "cannot read notes.md: no such file or folder", from a file-system error. */
export function fileError(verb: "read" | "write" | "create", file: string, error: unknown): CliError {
  const code = (error as NodeJS.ErrnoException).code;
  const problem = (code && FILE_PROBLEMS[code]) ?? code ?? (error as Error).message;
  return new CliError(`cannot ${verb} ${file}: ${problem}`);
}

/** The server's failure envelope `{code, msg, error, details?}`, with the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly details?: unknown,
    /** Retry-After, in seconds, when the server said when to try again */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

function fieldErrors(details: unknown): string | null {
  if (!Array.isArray(details) || details.length === 0) return null;
  const problems = details.filter((d): d is FieldProblem => typeof d?.path === "string" && typeof d?.message === "string");
  return problems.length > 0 ? problems.map((p) => `${p.path}: ${p.message}`).join("; ") : null;
}

function missingScope(details: unknown): string | null {
  if (typeof details !== "object" || details === null) return null;
  const { required, missing } = details as { required?: unknown; missing?: unknown };
  if (typeof required === "string") return required;
  if (Array.isArray(missing) && missing.length > 0) return missing.join(", ");
  return null;
}

/** The one line a failure prints. */
export function describeError(error: unknown): { line: string; exitCode: number } {
  if (error instanceof CliError) return { line: error.message, exitCode: error.exitCode };
  if (error instanceof ApiError) {
    if (error.status === 401) return { line: notLoggedIn().message, exitCode: EXIT_NOT_LOGGED_IN };
    if (error.status === 403 && error.error === "insufficient_scope") {
      const scope = missingScope(error.details);
      return { line: scope ? `missing scope: ${scope} — log in again or use a token that has it` : error.message, exitCode: 1 };
    }
    if (error.retryAfter !== null && (error.status === 429 || error.status === 503)) {
      return { line: `${error.message.replace(/[.:]$/, "")}; try again in ${error.retryAfter} s (${error.status} ${error.error})`, exitCode: 1 };
    }
    const fields = fieldErrors(error.details);
    if (error.status === 422) return { line: `invalid input: ${fields ?? error.message}`, exitCode: 1 };
    const message = fields ? `${error.message.replace(/[.:]$/, "")}: ${fields}` : error.message;
    return { line: `${message} (${error.status} ${error.error})`, exitCode: 1 };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { line: `unexpected error: ${message}`, exitCode: 1 };
}

export function printError(error: unknown): number {
  // Ctrl-C at a prompt: the prompt library rejects instead of the process getting SIGINT.
  if (error instanceof Error && error.name === "ExitPromptError") return EXIT_INTERRUPTED;
  const { line, exitCode } = describeError(error);
  process.stderr.write(`inkstone: ${line}\n`);
  return exitCode;
}

/**
 * Checks what the CLI is about to send with the server's own schema, so a mistake is reported
 * exactly as the server's 422 would report it, without the round trip.
 */
export function checkInput<S extends z.ZodType>(schema: S, input: z.input<S>): z.input<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new ApiError(422, "validation_failed", "validation failed", fieldProblems(parsed.error.issues));
  return input;
}
