import { sql as raw } from "kysely";
import type { Principal } from "../auth/principal";
import { memberRolesThatMay } from "../auth/book-roles";
import { authorize } from "../auth/scopes";
import { engine, sql } from "../db";
import { env } from "../env";
import { AppError } from "../errors";
import { sqliteFile } from "../sql/sqlite";
import type { BookSearchResult as Scanned } from "./engine/book";
import { compileSearch } from "./engine/pattern";
import { catchUpSearchIndex } from "./catch-up-index";
import { librarySpec, pageItems, type LibraryCandidate, type LibraryWindow } from "./library-index";
import { runScan, SEARCH_TIMEOUT_MS, SEARCH_TIMEOUT_WORDS, searchInWorker } from "./run-scan";
import type { LibrarySearchResult } from "./schemas";

/** The trigram index serves queries of at least three characters; shorter ones (一, 林风) are a scan. */
const TRIGRAM = 3;

const timedOut = () =>
  new AppError("search_timed_out", `The search did not finish within ${SEARCH_TIMEOUT_WORDS} and was stopped; try a longer or more unusual query.`, {
    timeoutMs: SEARCH_TIMEOUT_MS,
  });

/** LIKE's wildcards taken literally. */
function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The reader's own books and those shared with them in full (a beta reader's are not searched). */
const owned = (readerId: string) =>
  raw`(b."ownerId" = ${readerId} OR EXISTS (SELECT 1 FROM "BookMember" m WHERE m."bookId" = b."id" AND m."userId" = ${readerId} AND m."role" IN (${raw.join(memberRolesThatMay("readDraft"))})))
    AND b."deletedAt" IS NULL AND b."purgedAt" IS NULL AND c."deletedAt" IS NULL`;

/**
 * PostgreSQL prices a scan of "Chapter" by its main table, where each long text is only a pointer
 * to its TOASTed value, so it prefers scanning (or walking the owner's books) and unpacking every
 * chapter to reading the trigram indexes: 3.4 s against 45 ms for a rare word in 10 M words
 * (bench/search.mjs, EXPLAIN ANALYZE). So the chapters holding the query are found first, alone,
 * with sequential scans priced out for this one transaction, which leaves the GIN indexes as the
 * only way; the owner's books are joined after. A query too short for a trigram scans the owner's
 * chapters, as before.
 *
 * The text is matched and counted in "contentLower", a stored lower-cased copy the trigram index
 * is built on: ILIKE lower-cases each text again on every search, and a word in every chapter of a
 * 10 M-word library spent seconds doing so. A hit's occurrences are counted in bytes (octet_length
 * is constant-time; length() walks the characters) in the one copy the match already read.
 *
 * The work runs in the database server, not on this thread; a statement_timeout stops a match that
 * runs long there (a long query against a long run of one letter) so it cannot hold a connection.
 */
async function candidatesPostgres(window: LibraryWindow): Promise<{ rows: LibraryCandidate[]; total: number }> {
  const { query, readerId } = window;
  // Backslash is PostgreSQL's escape already: an ESCAPE clause would wrap the pattern in like_escape().
  const pattern = likePattern(query);
  const indexed = [...query].length >= TRIGRAM;
  const chapters = indexed ? raw`"Chapter" c` : raw`"Chapter" c JOIN "Book" b ON b."id" = c."bookId" AND ${owned(readerId)}`;
  const hits = raw`WITH "found" AS MATERIALIZED (
      SELECT c."id", (octet_length(c."contentLower") - octet_length(replace(c."contentLower", lower(${query}), ''))) / octet_length(lower(${query})) AS "occurrences"
      FROM ${chapters} WHERE c."contentLower" LIKE lower(${pattern})
      UNION ALL SELECT c."id", 0 FROM ${chapters} WHERE c."title" ILIKE ${pattern}),
    "hits" AS (SELECT "id", max("occurrences") AS "occurrences" FROM "found" GROUP BY "id")`;
  const from = raw`"hits" h JOIN "Chapter" c ON c."id" = h."id" JOIN "Book" b ON b."id" = c."bookId" WHERE ${owned(readerId)}`;
  try {
    return await sql.transaction().execute(async (trx) => {
      await raw`SELECT set_config('statement_timeout', ${String(SEARCH_TIMEOUT_MS)}, true)`.execute(trx);
      if (indexed) await raw`SET LOCAL enable_seqscan = off`.execute(trx);
      // The total rides on each row (the window is counted before LIMIT): the hits are read once.
      const { rows } = await raw<LibraryCandidate & { total: string }>`${hits}
        SELECT c."id" AS "chapterId", c."title" AS "chapterTitle", b."id" AS "bookId", b."title" AS "bookTitle", count(*) OVER () AS "total"
        FROM ${from}
        ORDER BY h."occurrences" DESC, b."title", c."position", c."id"
        LIMIT ${window.limit} OFFSET ${window.offset}`.execute(trx);
      if (rows.length > 0) return { rows: rows.map(({ total, ...row }) => (void total, row)), total: Number(rows[0]!.total) };
      if (window.offset === 0) return { rows: [], total: 0 };
      // A page past the last: count the hits alone.
      const counted = await raw<{ total: string }>`${hits} SELECT count(*) AS "total" FROM ${from}`.execute(trx);
      return { rows: [], total: Number(counted.rows[0]?.total ?? 0) };
    });
  } catch (error) {
    // 57014: query_canceled, which is what statement_timeout raises.
    if ((error as { code?: string }).code === "57014") throw timedOut();
    throw error;
  }
}

/** PostgreSQL: the candidates from the database server, then the page's hits scanned here or in a worker. */
async function searchPostgres(window: LibraryWindow): Promise<{ items: LibrarySearchResult["items"]; total: number }> {
  const { rows, total } = await candidatesPostgres(window);
  const texts = rows.length === 0 ? [] : await sql.selectFrom("Chapter").select(["id", "title", "content"]).where("id", "in", rows.map((r) => r.chapterId)).execute();
  const byId = new Map(texts.map((t) => [t.id, t]));
  const scanned = await runScan<Scanned[]>(
    { op: "search-each", chapters: rows.map((r) => ({ title: byId.get(r.chapterId)?.title ?? "", content: byId.get(r.chapterId)?.content ?? "" })), spec: librarySpec(window.query) },
    window.readerId,
  );
  return { items: pageItems(rows, scanned), total };
}

/** SQLite: the whole search in a worker, over its own read-only connection (server/search/library-task.ts). */
function searchSqlite(window: LibraryWindow): Promise<{ items: LibrarySearchResult["items"]; total: number }> {
  return searchInWorker({ op: "search-library", databaseFile: sqliteFile(env.DATABASE_URL), ...window }, window.readerId);
}

// GET /api/v1/search — every book of the writer's (and every book shared with them to read in full) at once: one result per chapter with a hit,
// ranked, with its hit count and the sentence around its first hit.
export async function searchLibrary(input: { query: string; page: number; perPage: number }, principal: Principal): Promise<LibrarySearchResult> {
  authorize(principal, "search.library");
  compileSearch(librarySpec(input.query)); // an empty query is 422, before any database work
  const window = { query: input.query, readerId: principal.userId, offset: (input.page - 1) * input.perPage, limit: input.perPage };
  if (engine === "sqlite") await catchUpSearchIndex(principal.userId);
  const { items, total } = engine === "sqlite" ? await searchSqlite(window) : await searchPostgres(window);
  return { items, total, page: input.page, perPage: input.perPage };
}
