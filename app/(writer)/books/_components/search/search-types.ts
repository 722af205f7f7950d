import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/root";

type SearchOutputs = inferRouterOutputs<AppRouter>["search"];
export type BookResults = SearchOutputs["book"];
export type BookHit = BookResults["items"][number];
export type ReplacePreview = SearchOutputs["previewReplace"];
export type PreviewChapter = ReplacePreview["chapters"][number];
export type AppliedReplace = SearchOutputs["applyReplace"];
export type LibraryHit = SearchOutputs["library"]["items"][number];

/** What the writer asks for: the options every search and replace of the book takes (contract-search.md). */
export interface SearchOptions {
  query: string;
  matchCase: boolean;
  wholeWord: boolean;
  regex: boolean;
  widthInsensitive: boolean;
  /** 简体 and 繁体 told apart; by default the server folds them (刘备 finds 劉備, decision 0503) */
  matchChineseScript: boolean;
}

export const NO_OPTIONS: SearchOptions = { query: "", matchCase: false, wholeWord: false, regex: false, widthInsensitive: false, matchChineseScript: false };

/** The editor's address for a hit: the chapter with the match selected (the editor reads at and len). */
export function hitHref(bookId: string, hit: { chapterId: string; field: "title" | "content"; start: number; end: number }): string {
  const chapter = `/books/${bookId}/chapters/${hit.chapterId}`;
  return hit.field === "title" ? chapter : `${chapter}?at=${hit.start}&len=${hit.end - hit.start}`;
}

/**
 * A library result's address. The library's results carry the words matched but no offsets, so
 * the editor selects their first appearance in the chapter (find=).
 */
export function libraryHitHref(hit: { bookId: string; chapterId: string; match: string }): string {
  const chapter = `/books/${hit.bookId}/chapters/${hit.chapterId}`;
  return hit.match ? `${chapter}?${new URLSearchParams({ find: hit.match })}` : chapter;
}
