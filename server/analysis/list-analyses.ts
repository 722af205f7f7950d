import { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { defineCollection, pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { db } from "../db";
import { analysisSummarySelect, toAnalysisSummary } from "./analyses";
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
  const book = await loadBook(principal, input.bookId);
  const where = { bookId: book.id, ...input.options.filters };
  const { offset, limit } = pageWindow(input.options);
  const rows = await db.analysisResult.findMany({
    where,
    select: analysisSummarySelect,
    orderBy: [{ [input.options.sortBy]: input.options.order }, { id: "asc" }],
    skip: offset,
    take: limit,
  });
  return pageOf(input.options, rows.map(toAnalysisSummary), () => db.analysisResult.count({ where }));
}
