import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { defineCollection, pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { db } from "../db";
import { loadChapter } from "./load-chapter";
import { toRevisionSummaryDto, type RevisionSummaryDto } from "./schemas";

export const revisionsCollection = defineCollection({
  sortable: ["version", "createdAt"] as const,
  defaultSort: "version",
  defaultOrder: "desc",
  filters: {},
});
export type ListRevisionsOptions = OptionsOf<typeof revisionsCollection>;

// GET /api/v1/books/{bookId}/chapters/{chapterId}/revisions — newest first.
export async function listRevisions(
  input: { bookId: string; chapterId: string; options: ListRevisionsOptions },
  principal: Principal,
): Promise<Page<RevisionSummaryDto>> {
  authorize(principal, "chapters.revisions");
  const chapter = await loadChapter(principal, input);
  const where = { chapterId: chapter.id };
  const rows = await db.chapterRevision.findMany({
    where,
    select: { version: true, title: true, wordCount: true, createdAt: true },
    orderBy: { [input.options.sortBy]: input.options.order },
    ...pageWindow(input.options),
  });
  return pageOf(input.options, rows.map(toRevisionSummaryDto), () => db.chapterRevision.count({ where }));
}
