import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import type { BookRow } from "../books/schemas";
import { AppError } from "../errors";
import { bookChapters } from "../search/book-chapters";
import { runInWorker } from "../workers/pool";
import type { ComparedBooks, CompareTask } from "./engine/compare/task";
import type { CompareBooksInput, ComparisonDto } from "./compare-schemas";
import { chaptersAsOf } from "./read-book-as-of";

/** Both books read and measured in a worker: two 120,000-word novels take well under a second. */
export const COMPARE_TIME_LIMIT_MS = 30_000;

/** The other book: one the caller may read, else 404 whatever the reason, so an id says nothing of another writer's books. */
async function loadOtherBook(principal: Principal, bookId: string): Promise<BookRow> {
  try {
    return await loadBook(principal, bookId, "analyses.compare");
  } catch (error) {
    // unknown, another writer's or purged: one answer, word for word
    if (error instanceof AppError && (error.code === "not_found" || error.code === "forbidden" || error.code === "gone")) {
      throw new AppError("not_found", "No book of yours has this id.", { otherBookId: bookId });
    }
    throw error;
  }
}

function refuse(path: string, message: string): never {
  throw new AppError("validation_failed", message, [{ path, message }]);
}

/**
 * GET /api/v1/books/{bookId}/comparison — the book beside another book, or beside itself as it
 * stood at an earlier time (`asOf`, from the chapters' revisions), each measured along its length
 * on one axis (0–100 % of its words). Reads only; the texts are measured in the worker pool under
 * a deadline, the web thread only waits. Access as for analysis runs: read:analysis, and both books
 * the caller's own (an admin's, anyone's).
 */
export async function compareBooks(input: CompareBooksInput, principal: Principal): Promise<ComparisonDto> {
  authorize(principal, "analyses.compare");
  const left = await loadBook(principal, input.bookId, "analyses.compare");
  const otherId = input.otherBookId ?? left.id;
  if (otherId === left.id && !input.asOf) refuse("asOf", "Compare a book with another book (otherBookId) or with itself at an earlier time (asOf).");
  const right = otherId === left.id ? left : await loadOtherBook(principal, otherId);
  const asOf = input.asOf ?? null;
  if (asOf) {
    if (Number.isNaN(asOf.getTime())) refuse("asOf", "asOf is not a real time.");
    if (asOf.getTime() > Date.now()) refuse("asOf", "asOf is in the future; leave it out to compare with the book as it is now.");
    if (asOf < right.createdAt) refuse("asOf", `The book did not exist yet at ${asOf.toISOString()}: it was created at ${right.createdAt.toISOString()}.`);
  }
  const [leftChapters, rightChapters] = await Promise.all([
    bookChapters(left.id),
    asOf ? chaptersAsOf(right.id, asOf) : bookChapters(right.id),
  ]);
  const task: CompareTask = {
    op: "compare",
    left: { title: left.title, chapters: leftChapters.map(({ id, title, content }) => ({ id, title, content })) },
    right: { title: right.title, chapters: rightChapters.map(({ id, title, content }) => ({ id, title, content })) },
    series: input.series ?? null,
  };
  const compared = await runInWorker<ComparedBooks>(task, {
    owner: principal.userId,
    lane: "heavy",
    timeoutMs: COMPARE_TIME_LIMIT_MS,
    timeoutError: () =>
      new AppError("analysis_timed_out", `The comparison did not finish within ${COMPARE_TIME_LIMIT_MS / 1000} s (waiting for a free worker included) and was stopped.`, {
        timeoutMs: COMPARE_TIME_LIMIT_MS,
      }),
  });
  return {
    series: compared.series,
    beats: compared.beats,
    left: { ...compared.left, bookId: left.id, asOf: null },
    right: { ...compared.right, bookId: right.id, asOf: asOf?.toISOString() ?? null },
  };
}
