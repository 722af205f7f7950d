import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { bookChapters } from "./book-chapters";
import type { ReplacePlan } from "./engine/book";
import { runScan } from "./run-scan";
import { MAX_REPLACE_HITS, searchOptionsOf, type ReplacePreview, type SearchOptions } from "./schemas";

export type ReplaceInput = SearchOptions & { bookId: string; replacement: string; preserveCase: boolean };

// POST /api/v1/books/{bookId}/replace with dryRun — every hit that would change, in context,
// with each chapter's version: the writer accepts or skips hits, and applies against those versions.
export async function previewReplace(input: ReplaceInput, principal: Principal): Promise<ReplacePreview> {
  authorize(principal, "search.previewReplace");
  const book = await loadBook(principal, input.bookId, "search.previewReplace");
  const chapters = await bookChapters(book.id);
  const { replacement, preserveCase } = input;
  const spec = searchOptionsOf(input);
  const plan = await runScan<ReplacePlan>(
    {
      op: "search-plan",
      chapters: chapters.map(({ title, content }) => ({ title, content })),
      spec,
      replace: { replacement, preserveCase, regex: spec.regex },
      maxHits: MAX_REPLACE_HITS,
    },
    principal.userId,
  );
  return {
    total: plan.total,
    chapters: plan.chapters
      .map((planned, index) => ({ chapterId: chapters[index]!.id, title: chapters[index]!.title, version: chapters[index]!.version, hits: planned.hits }))
      .filter((chapter) => chapter.hits.length > 0),
  };
}
