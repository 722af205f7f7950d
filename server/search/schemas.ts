import { z } from "zod";
import { bookIdParams } from "../books/schemas";
import { booleanFilter, MAX_PAGE } from "../collections";

/** The most hits one preview or replace may hold: a review of more is no review; narrow the search instead. */
export const MAX_REPLACE_HITS = 5_000;
export const BOOK_SEARCH_PER_PAGE = { default: 50, max: 200 } as const;
export const LIBRARY_SEARCH_PER_PAGE = { default: 20, max: 100 } as const;
/** The longest search; the library's index overlaps its parts by one less (server/search/index-chapter.ts). */
export const MAX_SEARCH_CHARACTERS = 1000;

export const searchQuery = z
  .string()
  .min(1, "say what to search for")
  .max(MAX_SEARCH_CHARACTERS, "a search is at most 1,000 characters")
  .describe("the text (or, with regex, the RE2 regular expression) to find");

const flags = {
  matchCase: "upper and lower case must match",
  wholeWord: "only whole words (each Chinese or Japanese character counts as a word of its own)",
  regex: "the query is a regular expression (RE2 syntax: no backreferences or lookaround)",
  widthInsensitive: "full-width and half-width forms match each other (Ａ and A, ｶﾞ and ガ)",
  matchChineseScript: "简体 and 繁体 must match as written (by default they are one: 刘备 finds 劉備 and 劉備 finds 刘备)",
} as const;

/** The search options, for tRPC and JSON bodies. */
export const searchOptionsShape = {
  query: searchQuery,
  matchCase: z.boolean().default(false).describe(flags.matchCase),
  wholeWord: z.boolean().default(false).describe(flags.wholeWord),
  regex: z.boolean().default(false).describe(flags.regex),
  widthInsensitive: z.boolean().default(false).describe(flags.widthInsensitive),
  matchChineseScript: z.boolean().default(false).describe(flags.matchChineseScript),
};

/**
 * The query as a REST query parameter: an empty one reaches the use case, which answers 422 like
 * tRPC (a bad query string is otherwise a 400, but an empty search is a request understood and refused).
 */
export const searchQueryParameter = z.string().max(MAX_SEARCH_CHARACTERS, "a search is at most 1,000 characters").describe(searchQuery.description ?? "");

/** The same options as REST query parameters ("true"/"false"). */
export const searchOptionsQueryShape = {
  query: searchQueryParameter,
  matchCase: booleanFilter.optional().describe(flags.matchCase),
  wholeWord: booleanFilter.optional().describe(flags.wholeWord),
  regex: booleanFilter.optional().describe(flags.regex),
  widthInsensitive: booleanFilter.optional().describe(flags.widthInsensitive),
  matchChineseScript: booleanFilter.optional().describe(flags.matchChineseScript),
};

export interface SearchOptions {
  query: string;
  matchCase: boolean;
  wholeWord: boolean;
  regex: boolean;
  widthInsensitive: boolean;
  matchChineseScript: boolean;
}

/** Just the search options of a larger input (what the engine is given). */
export function searchOptionsOf(input: SearchOptions): SearchOptions {
  return { query: input.query, matchCase: input.matchCase, wholeWord: input.wholeWord, regex: input.regex, widthInsensitive: input.widthInsensitive, matchChineseScript: input.matchChineseScript };
}

const pageNumber = z.coerce.number().int().min(1);
/**
 * A search's paging as REST's query string spells it, as every collection's: `page` and
 * `per_page` (the answer's `data` is the page, X-Total-Count and Link carry the rest). tRPC's
 * inputs name it `perPage`, as its lists do.
 */
export function restSearchPaging(limits: { default: number; max: number }) {
  return {
    page: pageNumber.max(MAX_PAGE).default(1).describe("page number, from 1"),
    per_page: pageNumber.max(limits.max, `at most ${limits.max}`).default(limits.default).describe(`records per page, at most ${limits.max} (default ${limits.default})`),
  };
}

const context = {
  before: z.string().describe("the sentence before the hit (at most ~80 characters)"),
  match: z.string(),
  after: z.string().describe("the sentence after the hit (at most ~80 characters)"),
};
const field = z.enum(["title", "content"]);
const offsets = {
  start: z.int().describe("UTF-16 code-unit offset into the field's text"),
  end: z.int(),
};

export const searchHitSchema = z
  .object({ chapterId: z.string(), chapterTitle: z.string(), field, ...offsets, ...context })
  .meta({ id: "SearchHit" });

export const bookSearchResultSchema = z
  .object({
    items: z.array(searchHitSchema).describe("this page of hits, in book order"),
    total: z.int().describe("hits in the whole book"),
    page: z.int(),
    perPage: z.int(),
    chapters: z
      .array(z.object({ chapterId: z.string(), title: z.string(), position: z.int(), hitCount: z.int() }))
      .describe("every chapter with a hit, in book order"),
  })
  .meta({ id: "BookSearchResult" });
export type BookSearchResult = z.infer<typeof bookSearchResultSchema>;

export const librarySearchHitSchema = z
  .object({ bookId: z.string(), bookTitle: z.string(), chapterId: z.string(), chapterTitle: z.string(), hitCount: z.int(), ...context })
  .meta({ id: "LibrarySearchHit" });

export const librarySearchResultSchema = z
  .object({
    items: z.array(librarySearchHitSchema),
    total: z.int().describe("chapters with a hit"),
    page: z.int(),
    perPage: z.int(),
  })
  .meta({ id: "LibrarySearchResult" });
export type LibrarySearchResult = z.infer<typeof librarySearchResultSchema>;

export const replaceFields = {
  replacement: z.string().max(1000, "a replacement is at most 1,000 characters").describe("with regex: $1 … $99 and ${n} name captures, $& the hit, $$ a dollar"),
  preserveCase: z.boolean().default(false).describe("KATHRYN → KATHERINE, Kathryn → Katherine, kathryn → katherine"),
};

export const replaceChoice = z.strictObject({
  chapterId: z.string().min(1).max(64),
  version: z.int().min(1).describe("the version the preview showed"),
  skip: z.array(z.string().max(64)).max(10_000).default([]).describe("hit ids of the preview to leave as they are"),
});

export const replaceBody = z
  .strictObject({
    ...searchOptionsShape,
    ...replaceFields,
    dryRun: z.boolean().default(false).describe("answer the preview, change nothing"),
    chapters: z.array(replaceChoice).max(10_000).optional().describe("what to apply: the chapters of the preview, at its versions (required unless dryRun)"),
  })
  .meta({ id: "Replace" });

const plannedHit = z.object({ hitId: z.string(), field, ...offsets, ...context, replacement: z.string() });
export const replacePreviewSchema = z
  .object({
    total: z.int(),
    chapters: z.array(z.object({ chapterId: z.string(), title: z.string(), version: z.int(), hits: z.array(plannedHit) })),
  })
  .meta({ id: "ReplacePreview" });
export type ReplacePreview = z.infer<typeof replacePreviewSchema>;

export const replaceResultSchema = z
  .object({
    changeSetId: z.string(),
    replaced: z.int(),
    chapters: z.array(z.object({ chapterId: z.string(), version: z.int().describe("the new version"), replaced: z.int() })),
  })
  .meta({ id: "ReplaceResult" });
export type ReplaceResult = z.infer<typeof replaceResultSchema>;

export const changeSetSchema = z
  .object({
    changeSetId: z.string(),
    createdAt: z.iso.datetime(),
    query: z.string(),
    replacement: z.string(),
    replaced: z.int(),
    chapterCount: z.int(),
    undoneAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "ChangeSet" });
export const changeSetListSchema = z.object({ items: z.array(changeSetSchema) }).meta({ id: "ChangeSetList" });
export type ChangeSetDto = z.infer<typeof changeSetSchema>;

export const undoResultSchema = z
  .object({ changeSetId: z.string(), chapters: z.array(z.object({ chapterId: z.string(), version: z.int() })) })
  .meta({ id: "UndoResult" });
export type UndoResult = z.infer<typeof undoResultSchema>;

export const changeSetParams = bookIdParams.extend({ changeSetId: z.string().min(1).max(64) });
