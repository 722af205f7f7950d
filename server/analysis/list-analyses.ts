import { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { defineCollection, pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { sql } from "../db";
import { countOf } from "../sql/count";
import { analysisSummaryColumns, toAnalysisSummary } from "./analyses";
import { ANALYSIS_STATUSES, type AnalysisSummaryDto } from "./schemas";

export const analysesCollection = defineCollection({
  sortable: ["createdAt"] as const,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: { templateId: z.string().min(1).max(64), status: z.enum(ANALYSIS_STATUSES) },
});
type ListAnalysesOptions = OptionsOf<typeof analysesCollection>;

// GET /api/v1/books/{bookId}/analyses — the kept results of a book the caller may read, newest first.
export async function listAnalyses(input: { bookId: string; options: ListAnalysesOptions }, principal: Principal): Promise<Page<AnalysisSummaryDto>> {
  authorize(principal, "analyses.list");
  const book = await loadBook(principal, input.bookId, "analyses.list");
  const { templateId, status } = input.options.filters;
  let matching = sql.selectFrom("AnalysisResult").where("bookId", "=", book.id);
  if (templateId !== undefined) matching = matching.where("templateId", "=", templateId);
  if (status !== undefined) matching = matching.where("status", "=", status);
  const { offset, limit } = pageWindow(input.options);
  const rows = await matching
    .select(analysisSummaryColumns)
    .orderBy(input.options.sortBy, input.options.order)
    .orderBy("id", "asc")
    .offset(offset)
    .limit(limit)
    .execute();
  return pageOf(input.options, rows.map(toAnalysisSummary), () => countOf(matching));
}
