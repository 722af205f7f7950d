import { z } from "zod";
import { deleteAnalysis } from "../../analysis/delete-analysis";
import { compareBooks } from "../../analysis/compare-books";
import { compareBooksQuery, comparisonSchema } from "../../analysis/compare-schemas";
import { getAnalysis } from "../../analysis/get-analysis";
import { analysesCollection, listAnalyses } from "../../analysis/list-analyses";
import { runAnalyses } from "../../analysis/run-analyses";
import { runAnalysis } from "../../analysis/run-analysis";
import { analysisSchema, analysisSummarySchema, batchOutcomeSchema, bookAnalysisParams, runAnalysesInput, runAnalysisInput } from "../../analysis/schemas";
import { bookIdParams } from "../../books/schemas";
import { jobSchema } from "../../jobs/schemas";
import { defineEndpoint, defineListEndpoint } from "../endpoint";
import { accepted, success } from "../envelope";

// POST /api/v1/books/{bookId}/analyses — run an installed (or own) template on the book
export const runAnalysisEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/analyses",
  summary: "Run an installed template (or one of your own) on a book and keep the result",
  operation: "analyses.run",
  auth: "required",
  params: bookIdParams,
  body: { schema: runAnalysisInput },
  success: {
    status: 201,
    description: "the finished analysis",
    schema: analysisSchema,
    headers: ["location"],
    accepted: {
      description: "the run takes longer than a moment: the job to poll (Location); the analysis then appears in the book's list",
      schema: jobSchema,
    },
  },
  errors: ["template_not_installed", "book_in_trash"],
  handle: async ({ params, body, principal }) => {
    const outcome = await runAnalysis({ ...body, bookId: params.bookId }, principal);
    if (outcome.status === "queued") return accepted(outcome.job);
    return success(outcome.analysis, 201, { location: `/api/v1/books/${params.bookId}/analyses/${outcome.analysis.id}` });
  },
});

// GET /api/v1/books/{bookId}/analyses — the book's kept results
export const listAnalysesEndpoint = defineListEndpoint({
  path: "/api/v1/books/{bookId}/analyses",
  summary: "List the kept analyses of a book, newest first (without their reports)",
  operation: "analyses.list",
  params: bookIdParams,
  collection: analysesCollection,
  success: { status: 200, description: "one page of analyses", schema: z.array(analysisSummarySchema) },
  errors: ["book_in_trash"],
  list: (book, options, principal) => listAnalyses({ ...book, options }, principal),
});

// GET /api/v1/books/{bookId}/analyses/{analysisId} — one result with its report
export const getAnalysisEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/analyses/{analysisId}",
  summary: "Read one analysis of a book, with its report",
  operation: "analyses.get",
  auth: "required",
  params: bookAnalysisParams,
  success: { status: 200, description: "the analysis", schema: analysisSchema },
  errors: ["book_in_trash"],
  run: getAnalysis,
});

// POST /api/v1/books/{bookId}/analyses/batch — several templates (or all installed) in one request
export const runAnalysesEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/analyses/batch",
  summary: "Run several templates (a list, or \"installed\" for your whole library) on a book, reading it once, and keep the results",
  operation: "analyses.runMany",
  auth: "required",
  params: bookIdParams,
  body: { schema: runAnalysesInput },
  success: {
    status: 201,
    description: "every analysis has finished (results kept for this book version are reused, not run again)",
    schema: batchOutcomeSchema,
    accepted: {
      description: "the runs take longer than a moment: the job to poll (Location); its result names every analysis",
      schema: jobSchema,
    },
  },
  errors: ["template_not_installed", "book_in_trash"],
  handle: async ({ params, body, principal }) => {
    const outcome = await runAnalyses({ ...body, bookId: params.bookId }, principal);
    if (outcome.status === "queued") return accepted(outcome.job!);
    return success(outcome, 201);
  },
});

// DELETE /api/v1/books/{bookId}/analyses/{analysisId} — forget a kept result
export const deleteAnalysisEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/books/{bookId}/analyses/{analysisId}",
  summary: "Delete a kept analysis of a book for good (it can be run again)",
  operation: "analyses.delete",
  auth: "required",
  params: bookAnalysisParams,
  success: { status: 204, description: "deleted" },
  errors: ["book_in_trash"],
  run: deleteAnalysis,
});

// GET /api/v1/books/{bookId}/comparison — the book beside another book, or beside itself earlier
export const compareBooksEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/comparison",
  summary:
    "Compare the book with another of your books (otherBookId) or with itself as it stood at an earlier time (asOf): every series measured per chapter on one axis, 0–100 % of each book's words, and the Three-Act turning points. Computed on request, nothing kept",
  operation: "analyses.compare",
  auth: "required",
  params: bookIdParams,
  query: compareBooksQuery,
  success: { status: 200, description: "both books' chapters on the axis and their values for each series", schema: comparisonSchema },
  errors: ["book_in_trash", "analysis_timed_out"],
  handle: async ({ params, query, principal }) => success(await compareBooks({ ...query, bookId: params.bookId }, principal)),
});
