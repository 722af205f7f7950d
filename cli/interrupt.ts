/** The exit code of a command stopped with Ctrl-C, as shells report it (128 + SIGINT). */
export const EXIT_INTERRUPTED = 130;

let guarded = 0;
let interrupted = false;

function exitInterrupted(): never {
  // A progress bar hides the cursor until it stops; a bar cut short must not leave it hidden.
  if (process.stderr.isTTY) process.stderr.write("\u001b[?25h");
  process.exit(EXIT_INTERRUPTED);
}

/** Ctrl-C (SIGINT): exit 130 at once, or as soon as work that must not be cut in half is done. */
export function handleInterrupts(): void {
  process.on("SIGINT", () => {
    interrupted = true;
    if (guarded === 0) exitInterrupted();
  });
}

/**
 * Runs work that Ctrl-C must not cut in half: a refresh the server has answered but the client has
 * not stored would leave only a spent refresh token behind, and the next command would lose the
 * login for reusing it.
 */
export async function uninterruptible<T>(work: () => Promise<T>): Promise<T> {
  guarded += 1;
  try {
    return await work();
  } finally {
    guarded -= 1;
    if (interrupted && guarded === 0) exitInterrupted();
  }
}
