import { sql as raw, type RawBuilder } from "kysely";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { engine, sql } from "../db";
import type { BookSearchResult as Scanned } from "./engine/book";
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
async function candidates(query: string, ownerId: string, window: { offset: number; limit: number }): Promise<{ rows: Candidate[]; total: number }> {
  const indexed = engine === "sqlite" && [...query].length >= TRIGRAM;
  const from: RawBuilder<unknown> = indexed
    ? raw`"ChapterSearch" s JOIN "ChapterSearchKey" k ON k."id" = s."rowid" JOIN "Chapter" c ON c."id" = k."chapterId"`
    : raw`"Chapter" c`;
  const like = engine === "sqlite" ? raw`LIKE` : raw`ILIKE`;
  const pattern = likePattern(query);
  const matches = indexed
    ? raw`"ChapterSearch" MATCH ${`"${query.replaceAll('"', '""')}"`}`
    : raw`(c."title" ${like} ${pattern} ESCAPE '\\' OR c."content" ${like} ${pattern} ESCAPE '\\')`;
  const where = raw`${matches} AND b."ownerId" = ${ownerId} AND b."deletedAt" IS NULL AND b."purgedAt" IS NULL AND c."deletedAt" IS NULL`;
  const occurrences = raw`(length(c."content") - length(replace(lower(c."content"), lower(${query}), ''))) / length(${query})`;
  const rank = indexed ? raw`bm25("ChapterSearch")` : raw`-(${occurrences})`;
  const [rows, counted] = await Promise.all([
    raw<Candidate>`SELECT c."id" AS "chapterId", c."title" AS "chapterTitle", b."id" AS "bookId", b."title" AS "bookTitle"
      FROM ${from} JOIN "Book" b ON b."id" = c."bookId"
      WHERE ${where}
      ORDER BY ${rank}, b."title", c."position", c."id"
      LIMIT ${window.limit} OFFSET ${window.offset}`.execute(sql),
    raw<{ total: number | string }>`SELECT count(*) AS "total" FROM ${from} JOIN "Book" b ON b."id" = c."bookId" WHERE ${where}`.execute(sql),
  ]);
  return { rows: rows.rows, total: Number(counted.rows[0]?.total ?? 0) };
}

// GET /api/v1/search — every book of the writer's at once: one result per chapter with a hit,
// ranked, with its hit count and the sentence around its first hit.
export async function searchLibrary(input: { query: string; page: number; perPage: number }, principal: Principal): Promise<LibrarySearchResult> {
  authorize(principal, "search.library");
  const { rows, total } = await candidates(input.query, principal.userId, { offset: (input.page - 1) * input.perPage, limit: input.perPage });
  const texts = rows.length === 0 ? [] : await sql.selectFrom("Chapter").select(["id", "title", "content"]).where("id", "in", rows.map((r) => r.chapterId)).execute();
  const byId = new Map(texts.map((t) => [t.id, t]));
  const spec = { query: input.query, matchCase: false, wholeWord: false, regex: false, widthInsensitive: false };
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
