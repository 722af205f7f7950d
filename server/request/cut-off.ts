import { AppError } from "../errors";
import { log } from "../log.mjs";

/**
 * A request whose client closed the connection before its body arrived (Node's "aborted",
 * ECONNRESET, from reading the body): no failure of ours. It is one line in the log, not a stack
 * trace, and answered as a malformed request that nobody will read. Null for any other error.
 */
export function cutOffRequest(error: unknown): AppError | null {
  if (!(error instanceof Error) || (error as NodeJS.ErrnoException).code !== "ECONNRESET") return null;
  log.warn(`A request ended before its body arrived (${error.message}); it changed nothing.`);
  return new AppError("malformed_request", "The request ended before its body arrived; it changed nothing.");
}
