import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { defineCollection, pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { countOf } from "../sql/count";
import { loadChapter, revisionsWithAuthors, revisionSummaryColumns } from "./load-chapter";
import { toRevisionSummaryDto, type RevisionSummaryDto } from "./schemas";

export const revisionsCollection = defineCollection({
  sortable: ["version", "createdAt"] as const,
  defaultSort: "version",
  defaultOrder: "desc",
  filters: {},
});
type ListRevisionsOptions = OptionsOf<typeof revisionsCollection>;

// GET /api/v1/books/{bookId}/chapters/{chapterId}/revisions — newest first.
export async function listRevisions(
  input: { bookId: string; chapterId: string; options: ListRevisionsOptions },
  principal: Principal,
): Promise<Page<RevisionSummaryDto>> {
  authorize(principal, "chapters.revisions");
  const chapter = await loadChapter(principal, input, "chapters.revisions");
  const matching = revisionsWithAuthors(chapter.id);
  const { offset, limit } = pageWindow(input.options);
  const rows = await matching
    .select(revisionSummaryColumns)
    .orderBy(`ChapterRevision.${input.options.sortBy}`, input.options.order)
    .orderBy("ChapterRevision.version", "desc")
    .offset(offset)
    .limit(limit)
    .execute();
  return pageOf(input.options, rows.map(toRevisionSummaryDto), () => countOf(matching));
}
