import { compareBooks } from "../../analysis/compare-books";
import { compareBooksInput, comparisonSchema } from "../../analysis/compare-schemas";
import { runAnalyses } from "../../analysis/run-analyses";
import { runAnalysis, runOutcomeSchema } from "../../analysis/run-analysis";
import { batchOutcomeSchema, runAnalysesInput, runAnalysisInput } from "../../analysis/schemas";
import { bookIdParams } from "../../books/schemas";
import { deleteAnalysisEndpoint, getAnalysisEndpoint, listAnalysesEndpoint } from "../../http/endpoints/analysis-runs";
import {
  createTemplateEndpoint,
  deleteTemplateEndpoint,
  getTemplateEndpoint,
  installTemplateEndpoint,
  listInstalledTemplatesEndpoint,
  patchTemplateEndpoint,
  searchTemplatesEndpoint,
  uninstallTemplateEndpoint,
} from "../../http/endpoints/analysis-templates";
import { operationProcedure, router } from "../init";
import { listProcedureOf } from "../list-procedure";
import { procedureOf } from "../procedure-of";

// Derived from REST's declarations where the two answer alike (decision 0463); written here where
// they differ: the runs (REST answers 202 with the job, tRPC the outcome naming it) and Compare
// (REST takes its series comma-separated).

export const analysisRouter = router({
  /** As GET /api/v1/analysis/search: published templates and the caller's own, most installed first without q. */
  search: listProcedureOf(searchTemplatesEndpoint),
  get: procedureOf(getTemplateEndpoint),
  install: procedureOf(installTemplateEndpoint),
  installed: procedureOf(listInstalledTemplatesEndpoint),
  uninstall: procedureOf(uninstallTemplateEndpoint, "uninstalled"),
  create: procedureOf(createTemplateEndpoint),
  update: procedureOf(patchTemplateEndpoint),
  delete: procedureOf(deleteTemplateEndpoint, "deleted"),
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
  deleteResult: procedureOf(deleteAnalysisEndpoint, "deleted"),
  /** As GET /api/v1/books/{bookId}/analyses: the book's kept results, newest first. */
  results: listProcedureOf(listAnalysesEndpoint),
  result: procedureOf(getAnalysisEndpoint),
  /** As GET /api/v1/books/{bookId}/comparison: the book beside another book, or beside itself as of an earlier time. */
  compare: operationProcedure("analyses.compare")
    .input(compareBooksInput)
    .output(comparisonSchema)
    .query(({ input, ctx }) => compareBooks(input, ctx.principal)),
});
