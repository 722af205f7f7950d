import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { AppError } from "../errors";
import { bookChapters } from "../search/book-chapters";
import { runInWorker } from "../workers/pool";
import type { ProposedEntry } from "./engine/proposals";
import { loadBibleBook } from "./entries";
import { bookEntryNames } from "./list-entry-names";
import type { ProposedEntriesDto } from "./schemas";

const PROPOSAL_TIME_LIMIT_MS = 60_000;

/**
 * GET /api/v1/books/{bookId}/bible/proposals — the characters the book's text proposes that its
 * bible does not have yet (after an import, the manuscript's cast), each to be added with one
 * action (POST …/bible/cast). Nothing is added without the writer: this only reads. Read in the
 * worker pool, since it segments and counts the whole book.
 */
export async function proposeEntries(input: { bookId: string }, principal: Principal): Promise<ProposedEntriesDto> {
  authorize(principal, "bible.proposals");
  const book = await loadBibleBook(principal, input.bookId);
  // Through the search's text cache, read in slices: the whole book at once held the web thread.
  const [chapters, names] = await Promise.all([bookChapters(book.id).then((read) => read.map(({ id, title, content }) => ({ id, title, content }))), bookEntryNames(book)]);
  if (chapters.length === 0) return { items: [] };
  const items = await runInWorker<ProposedEntry[]>(
    { op: "bible-propose", chapters, taken: names.flatMap((entry) => [entry.name, ...entry.aliases]) },
    {
      owner: principal.userId,
      lane: "heavy",
      timeoutMs: PROPOSAL_TIME_LIMIT_MS,
      timeoutError: () => new AppError("search_timed_out", `Reading the book for its characters took longer than ${PROPOSAL_TIME_LIMIT_MS / 1000} s and was stopped.`),
    },
  );
  return { items };
}
