import { sql as raw, type RawBuilder } from "kysely";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { engine, sql } from "../db";
import type { BookSearchResult as Scanned } from "./engine/book";
import { compileSearch } from "./engine/pattern";
import { catchUpSearchIndex } from "./catch-up-index";
import { runScan } from "./run-scan";
import type { LibrarySearchResult } from "./schemas";

/** The trigram index serves queries of at least three characters; shorter ones (一, 林风) are a scan. */
const TRIGRAM = 3;

interface Candidate {
  chapterId: string;
  chapterTitle: string;
  bookId: string;
  bookTitle: string;
}

/** LIKE's wildcards taken literally. */
function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The writer's chapters that hold the query (case-insensitive), best first, and how many there are.
 * SQLite: the FTS5 trigram index ranked by bm25. PostgreSQL: ILIKE, which the pg_trgm GIN indexes
 * serve, ranked by how often the query occurs. Short queries: the same ILIKE/LIKE, scanning.
 */
function candidates(query: string, ownerId: string, window: { offset: number; limit: number }): Promise<{ rows: Candidate[]; total: number }> {
  return engine === "sqlite" ? candidatesSqlite(query, ownerId, window) : candidatesPostgres(query, ownerId, window);
}

const owned = (ownerId: string) => raw`b."ownerId" = ${ownerId} AND b."deletedAt" IS NULL AND b."purgedAt" IS NULL AND c."deletedAt" IS NULL`;

async function candidatesSqlite(query: string, ownerId: string, window: { offset: number; limit: number }): Promise<{ rows: Candidate[]; total: number }> {
  const indexed = [...query].length >= TRIGRAM;
  // The index holds each chapter in parts (server/search/index-chapter.ts): a chapter ranks by its
  // best part. (bm25 only works in the query that matches, hence the materialized hits.)
  const hits = indexed
    ? raw`WITH "hits" AS MATERIALIZED (SELECT "rowid", bm25("ChapterSearch") AS "rank" FROM "ChapterSearch" WHERE "ChapterSearch" MATCH ${`"${query.replaceAll('"', '""')}"`}) `
    : raw``;
  const from: RawBuilder<unknown> = indexed
    ? raw`(SELECT k."chapterId", min(h."rank") AS "rank" FROM "hits" h JOIN "ChapterSearchPart" k ON k."id" = h."rowid" GROUP BY k."chapterId") p JOIN "Chapter" c ON c."id" = p."chapterId"`
    : raw`"Chapter" c`;
  const pattern = likePattern(query);
  const where = indexed ? owned(ownerId) : raw`(c."title" LIKE ${pattern} ESCAPE '\\' OR c."content" LIKE ${pattern} ESCAPE '\\') AND ${owned(ownerId)}`;
  const occurrences = raw`(length(c."content") - length(replace(lower(c."content"), lower(${query}), ''))) / length(${query})`;
  const rank = indexed ? raw`p."rank"` : raw`-(${occurrences})`;
  const [rows, counted] = await Promise.all([
    raw<Candidate>`${hits}SELECT c."id" AS "chapterId", c."title" AS "chapterTitle", b."id" AS "bookId", b."title" AS "bookTitle"
      FROM ${from} JOIN "Book" b ON b."id" = c."bookId"
      WHERE ${where}
      ORDER BY ${rank}, b."title", c."position", c."id"
      LIMIT ${window.limit} OFFSET ${window.offset}`.execute(sql),
    raw<{ total: number | string }>`${hits}SELECT count(*) AS "total" FROM ${from} JOIN "Book" b ON b."id" = c."bookId" WHERE ${where}`.execute(sql),
  ]);
  return { rows: rows.rows, total: Number(counted.rows[0]?.total ?? 0) };
}

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
 */
async function candidatesPostgres(query: string, ownerId: string, window: { offset: number; limit: number }): Promise<{ rows: Candidate[]; total: number }> {
  // Backslash is PostgreSQL's escape already: an ESCAPE clause would wrap the pattern in like_escape().
  const pattern = likePattern(query);
  const indexed = [...query].length >= TRIGRAM;
  const chapters = indexed ? raw`"Chapter" c` : raw`"Chapter" c JOIN "Book" b ON b."id" = c."bookId" AND ${owned(ownerId)}`;
  const hits = raw`WITH "found" AS MATERIALIZED (
      SELECT c."id", (octet_length(c."contentLower") - octet_length(replace(c."contentLower", lower(${query}), ''))) / octet_length(lower(${query})) AS "occurrences"
      FROM ${chapters} WHERE c."contentLower" LIKE lower(${pattern})
      UNION ALL SELECT c."id", 0 FROM ${chapters} WHERE c."title" ILIKE ${pattern}),
    "hits" AS (SELECT "id", max("occurrences") AS "occurrences" FROM "found" GROUP BY "id")`;
  const from = raw`"hits" h JOIN "Chapter" c ON c."id" = h."id" JOIN "Book" b ON b."id" = c."bookId" WHERE ${owned(ownerId)}`;
  return sql.transaction().execute(async (trx) => {
    if (indexed) await raw`SET LOCAL enable_seqscan = off`.execute(trx);
    // The total rides on each row (the window is counted before LIMIT): the hits are read once.
    const { rows } = await raw<Candidate & { total: string }>`${hits}
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
}

// GET /api/v1/search — every book of the writer's at once: one result per chapter with a hit,
// ranked, with its hit count and the sentence around its first hit.
export async function searchLibrary(input: { query: string; page: number; perPage: number }, principal: Principal): Promise<LibrarySearchResult> {
  authorize(principal, "search.library");
  const spec = { query: input.query, matchCase: false, wholeWord: false, regex: false, widthInsensitive: false };
  compileSearch(spec); // an empty query is 422, before any database work
  await catchUpSearchIndex(principal.userId);
  const { rows, total } = await candidates(input.query, principal.userId, { offset: (input.page - 1) * input.perPage, limit: input.perPage });
  const texts = rows.length === 0 ? [] : await sql.selectFrom("Chapter").select(["id", "title", "content"]).where("id", "in", rows.map((r) => r.chapterId)).execute();
  const byId = new Map(texts.map((t) => [t.id, t]));
  const scanned = await runScan<Scanned[]>(
    { op: "search-each", chapters: rows.map((r) => ({ title: byId.get(r.chapterId)?.title ?? "", content: byId.get(r.chapterId)?.content ?? "" })), spec },
    principal.userId,
  );
  return {
    items: rows.map((row, i) => {
      const hit = scanned[i]!.hits[0];
      return { ...row, hitCount: scanned[i]!.total, before: hit?.before ?? "", match: hit?.match ?? "", after: hit?.after ?? "" };
    }),
    total,
    page: input.page,
    perPage: input.perPage,
  };
}
