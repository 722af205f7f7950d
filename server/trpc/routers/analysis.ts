import { z } from "zod";
import { compareBooks } from "../../analysis/compare-books";
import { compareBooksInput, comparisonSchema } from "../../analysis/compare-schemas";
import { createTemplate } from "../../analysis/create-template";
import { deleteTemplate } from "../../analysis/delete-template";
import { deleteAnalysis } from "../../analysis/delete-analysis";
import { getAnalysis } from "../../analysis/get-analysis";
import { getTemplate } from "../../analysis/get-template";
import { installTemplate } from "../../analysis/install-template";
import { analysesCollection, listAnalyses } from "../../analysis/list-analyses";
import { listInstalledTemplates } from "../../analysis/list-installed-templates";
import { runAnalyses } from "../../analysis/run-analyses";
import { runAnalysis, runOutcomeSchema } from "../../analysis/run-analysis";
import {
  analysisSchema,
  analysisSummarySchema,
  batchOutcomeSchema,
  bookAnalysisParams,
  createTemplateInput,
  installTemplateInput,
  patchTemplateInput,
  runAnalysesInput,
  runAnalysisInput,
  templateIdParams,
  templateSchema,
  templateSummarySchema,
} from "../../analysis/schemas";
import { SEARCH_QUERY_MAX, searchTemplates, templatesCollection } from "../../analysis/search-templates";
import { uninstallTemplate } from "../../analysis/uninstall-template";
import { updateTemplate } from "../../analysis/update-template";
import { bookIdParams } from "../../books/schemas";
import { operationProcedure, router } from "../init";
import { listProcedure } from "../list-procedure";

// Strict inputs built from REST's schemas and named as its path parameters: the rules for each
// field live in server/analysis/.
const templateRef = templateIdParams.shape;

export const analysisRouter = router({
  /** As GET /api/v1/analysis/search: published templates and the caller's own, most installed first without q. */
  search: listProcedure({
    operation: "analysis.search",
    collection: templatesCollection,
    own: { q: z.string().max(SEARCH_QUERY_MAX).optional().describe("words to find") },
    item: templateSummarySchema,
    list: ({ q }, options, principal) => searchTemplates({ ...options, q }, principal),
  }),
  get: operationProcedure("analysis.get")
    .input(z.strictObject(templateRef))
    .output(templateSchema)
    .query(({ input, ctx }) => getTemplate(input, ctx.principal)),
  install: operationProcedure("analysis.install")
    .input(installTemplateInput)
    .output(templateSchema)
    .mutation(({ input, ctx }) => installTemplate(input, ctx.principal)),
  installed: operationProcedure("analysis.installed").output(z.array(templateSummarySchema)).query(({ ctx }) => listInstalledTemplates(ctx.principal)),
  uninstall: operationProcedure("analysis.uninstall")
    .input(installTemplateInput)
    .output(z.object({ uninstalled: z.literal(true) }))
    .mutation(async ({ input, ctx }) => {
      await uninstallTemplate(input, ctx.principal);
      return { uninstalled: true as const };
    }),
  create: operationProcedure("analysis.create")
    .input(createTemplateInput)
    .output(templateSchema)
    .mutation(({ input, ctx }) => createTemplate(input, ctx.principal)),
  update: operationProcedure("analysis.update")
    .input(z.strictObject({ ...templateRef, changes: patchTemplateInput }))
    .output(templateSchema)
    .mutation(({ input, ctx }) => updateTemplate(input, ctx.principal)),
  delete: operationProcedure("analysis.delete")
    .input(z.strictObject(templateRef))
    .output(z.object({ deleted: z.literal(true) }))
    .mutation(async ({ input, ctx }) => {
      await deleteTemplate(input, ctx.principal);
      return { deleted: true as const };
    }),
  /** Runs a template on a book: the finished analysis, or the job to poll when it takes longer. */
  run: operationProcedure("analyses.run")
    .input(runAnalysisInput.extend(bookIdParams.shape))
    .output(runOutcomeSchema)
    .mutation(({ input, ctx }) => runAnalysis(input, ctx.principal)),
  /** As POST /api/v1/books/{bookId}/analyses/batch: several templates (or "installed") on one reading of the book. */
  runMany: operationProcedure("analyses.runMany")
    .input(runAnalysesInput.extend(bookIdParams.shape))
    .output(batchOutcomeSchema)
    .mutation(({ input, ctx }) => runAnalyses(input, ctx.principal)),
  /** As DELETE /api/v1/books/{bookId}/analyses/{analysisId}. */
  deleteResult: operationProcedure("analyses.delete")
    .input(z.strictObject(bookAnalysisParams.shape))
    .output(z.object({ deleted: z.literal(true) }))
    .mutation(async ({ input, ctx }) => {
      await deleteAnalysis(input, ctx.principal);
      return { deleted: true as const };
    }),
  /** As GET /api/v1/books/{bookId}/analyses: the book's kept results, newest first. */
  results: listProcedure({
    operation: "analyses.list",
    collection: analysesCollection,
    own: bookIdParams.shape,
    item: analysisSummarySchema,
    list: (own, options, principal) => listAnalyses({ ...own, options }, principal),
  }),
  result: operationProcedure("analyses.get")
    .input(z.strictObject(bookAnalysisParams.shape))
    .output(analysisSchema)
    .query(({ input, ctx }) => getAnalysis(input, ctx.principal)),
  /** As GET /api/v1/books/{bookId}/comparison: the book beside another book, or beside itself as of an earlier time. */
  compare: operationProcedure("analyses.compare")
    .input(compareBooksInput)
    .output(comparisonSchema)
    .query(({ input, ctx }) => compareBooks(input, ctx.principal)),
});
