import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { defineCollection, pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { sql } from "../db";
import { countOf } from "../sql/count";
import { loadChapter } from "./load-chapter";
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
  const matching = sql.selectFrom("ChapterRevision").where("chapterId", "=", chapter.id);
  const { offset, limit } = pageWindow(input.options);
  const rows = await matching
    .select(["version", "title", "wordCount", "createdAt", "kind", "changeSetId", "authorId"])
    .orderBy(input.options.sortBy, input.options.order)
    .orderBy("version", "desc")
    .offset(offset)
    .limit(limit)
    .execute();
  return pageOf(input.options, rows.map(toRevisionSummaryDto), () => countOf(matching));
}
