import type { Principal } from "../auth/principal";
import { bookVersionOf } from "../analysis/book-version";
import { authorize } from "../auth/scopes";
import { AppError } from "../errors";
import { bookChapters } from "../search/book-chapters";
import { runInWorker } from "../workers/pool";
import type { ProposedEntry } from "./engine/proposals";
import { loadBibleBook } from "./entries";
import { bookEntryNames } from "./list-entry-names";
import { signatureOf } from "./mention-index";
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
  const book = await loadBibleBook(principal, input.bookId, "bible.proposals");
  // Through the search's text cache, read in slices: the whole book at once held the web thread.
  const [read, names] = await Promise.all([bookChapters(book.id), bookEntryNames(book)]);
  if (read.length === 0) return { items: [] };
  const taken = names.flatMap((entry) => [entry.name, ...entry.aliases]);
  // The book's version and the bible's signature, both hashes: the names alone can be megabytes.
  const key = `${book.id}:${await bookVersionOf({ title: book.title, language: book.language, chapters: read })}:${signatureOf(names)}`;
  const kept = proposalsKept.get(key);
  if (kept) return { items: kept };
  const chapters = read.map(({ id, title, content }) => ({ id, title, content }));
  const items = await runInWorker<ProposedEntry[]>(
    { op: "bible-propose", chapters, taken },
    {
      owner: principal.userId,
      lane: "heavy",
      timeoutMs: PROPOSAL_TIME_LIMIT_MS,
      timeoutError: () => new AppError("search_timed_out", `Reading the book for its characters took longer than ${PROPOSAL_TIME_LIMIT_MS / 1000} s and was stopped.`),
    },
  );
  if (proposalsKept.size >= PROPOSALS_KEPT) proposalsKept.delete(proposalsKept.keys().next().value!);
  proposalsKept.set(key, items);
  return { items };
}

/**
 * The last books' proposals, by their chapters' versions and the bible's names: the bible page
 * asks on every visit, and reading a long book for its cast is seconds of a worker's time.
 */
const PROPOSALS_KEPT = 100;
const globalForProposals = globalThis as { inkstoneBibleProposals?: Map<string, ProposedEntry[]> };
const proposalsKept = (globalForProposals.inkstoneBibleProposals ??= new Map());
