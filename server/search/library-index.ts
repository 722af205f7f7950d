import { memberRolesThatMay } from "../auth/book-roles";
import type { Database } from "better-sqlite3";
import type { BookSearchResult } from "./engine/book";
import { findAll } from "./engine/find";
import { compileSearch, type Matcher, type SearchSpec } from "./engine/pattern";

/** The trigram index serves queries of at least three characters; shorter ones (一, 林风) are a scan. */
const TRIGRAM = 3;
/**
 * Trigrams of the query the index is asked for. Every one is a term of an AND, which reads each
 * term's list of chapters once: never a phrase match, which walks every position of every term
 * (1,000 `a` against 200,000 `a` was 10 s of it). The chapters that hold all of them are checked
 * for the whole query by the engine, linear in their text.
 */
const INDEX_TERMS = 8;

export interface LibraryCandidate {
  chapterId: string;
  chapterTitle: string;
  bookId: string;
  bookTitle: string;
}

export type LibraryWindow = {
  query: string;
  /** whose books: their own and those shared with them */
  readerId: string;
  offset: number;
  limit: number;
};

/** The library search's spec: a case-insensitive plain search, as the index folds case too. */
export const librarySpec = (query: string): SearchSpec => ({ query, matchCase: false, wholeWord: false, regex: false, widthInsensitive: false, matchChineseScript: true });

/** At most INDEX_TERMS distinct trigrams of the query, spread over it, as FTS5 strings. */
export function indexTerms(query: string): string[] {
  const characters = [...query];
  const distinct = new Map<string, string>();
  for (let i = 0; i + TRIGRAM <= characters.length; i++) {
    const trigram = characters.slice(i, i + TRIGRAM).join("");
    if (!distinct.has(trigram.toLowerCase())) distinct.set(trigram.toLowerCase(), trigram);
  }
  const all = [...distinct.values()];
  const picked = all.length <= INDEX_TERMS ? all : Array.from({ length: INDEX_TERMS }, (_, i) => all[Math.round((i * (all.length - 1)) / (INDEX_TERMS - 1))]!);
  return picked.map((trigram) => `"${trigram.replaceAll('"', '""')}"`);
}

function holds(matcher: Matcher, text: string): boolean {
  let found = false;
  findAll(text, matcher, () => ((found = true), false));
  return found;
}

/** The reader's own books and those shared with them in full (a beta reader's are not searched): the policy's roles, as constants. */
const DRAFT_READERS = memberRolesThatMay("readDraft").map((role) => `'${role}'`).join(", ");
const OWNED = `(b."ownerId" = @readerId OR EXISTS (SELECT 1 FROM "BookMember" m WHERE m."bookId" = b."id" AND m."userId" = @readerId AND m."role" IN (${DRAFT_READERS})))
  AND b."deletedAt" IS NULL AND b."purgedAt" IS NULL AND c."deletedAt" IS NULL`;

/**
 * The writer's chapters that hold the query, best first, and how many there are, counted in the
 * same statement. With three characters or more: the FTS5 trigram index narrows to the writer's
 * chapters holding the query's trigrams, ranked by bm25, and `inkstone_holds` keeps those that hold
 * the query itself. Shorter: a scan of the writer's chapters, ranked by how often the query occurs.
 */
export function libraryCandidates(db: Database, window: LibraryWindow): { rows: LibraryCandidate[]; total: number } {
  const matcher = compileSearch(librarySpec(window.query));
  db.function("inkstone_holds", { deterministic: true }, (title, content) => (holds(matcher, String(title)) || holds(matcher, String(content)) ? 1 : 0));
  const indexed = [...window.query].length >= TRIGRAM;
  // The index holds each chapter in overlapping parts (server/search/index-chapter.ts): a chapter
  // ranks by its best part. bm25 only works in the statement that matches, hence "parts" apart.
  const cte = indexed
    ? `WITH "parts" AS MATERIALIZED (
         SELECT k."chapterId", bm25("ChapterSearch") AS "rank"
         FROM "ChapterSearch" s JOIN "ChapterSearchPart" k ON k."id" = s."rowid" JOIN "Chapter" c ON c."id" = k."chapterId" JOIN "Book" b ON b."id" = c."bookId"
         WHERE "ChapterSearch" MATCH @terms AND ${OWNED}),
       "matched" AS MATERIALIZED (SELECT "chapterId" AS "id", min("rank") AS "rank" FROM "parts" GROUP BY "chapterId")`
    : `WITH "matched" AS MATERIALIZED (
         SELECT c."id", -((length(c."content") - length(replace(lower(c."content"), lower(@query), ''))) / length(@query)) AS "rank"
         FROM "Chapter" c JOIN "Book" b ON b."id" = c."bookId"
         WHERE ${OWNED} AND (c."title" LIKE @pattern ESCAPE '\\' OR c."content" LIKE @pattern ESCAPE '\\'))`;
  const found = `FROM "matched" m JOIN "Chapter" c ON c."id" = m."id" JOIN "Book" b ON b."id" = c."bookId" WHERE inkstone_holds(c."title", c."content")`;
  const parameters = indexed
    ? { terms: indexTerms(window.query).join(" AND "), readerId: window.readerId }
    : { query: window.query, pattern: `%${window.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, readerId: window.readerId };
  // The total rides on each row (the window is counted before LIMIT): the chapters are checked once.
  const rows = db
    .prepare(
      `${cte} SELECT c."id" AS "chapterId", c."title" AS "chapterTitle", b."id" AS "bookId", b."title" AS "bookTitle", count(*) OVER () AS "total" ${found}
       ORDER BY m."rank", b."title", c."position", c."id" LIMIT @limit OFFSET @offset`,
    )
    .all({ ...parameters, limit: window.limit, offset: window.offset }) as (LibraryCandidate & { total: number })[];
  if (rows.length > 0) return { rows: rows.map(({ total, ...row }) => (void total, row)), total: rows[0]!.total };
  if (window.offset === 0) return { rows: [], total: 0 };
  // A page past the last: count the hits alone.
  const counted = db.prepare(`${cte} SELECT count(*) AS "total" ${found}`).get(parameters) as { total: number };
  return { rows: [], total: counted.total };
}

/** A page of results: each chapter with its hit count and the sentence around its first hit. */
export function pageItems(rows: readonly LibraryCandidate[], scanned: readonly BookSearchResult[]) {
  return rows.map((row, i) => {
    const hit = scanned[i]!.hits[0];
    return { ...row, hitCount: scanned[i]!.total, before: hit?.before ?? "", match: hit?.match ?? "", after: hit?.after ?? "" };
  });
}
