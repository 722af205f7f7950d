import { z } from "zod";
import { createTemplate } from "../../analysis/create-template";
import { deleteTemplate } from "../../analysis/delete-template";
import { getAnalysis } from "../../analysis/get-analysis";
import { getTemplate } from "../../analysis/get-template";
import { installTemplate } from "../../analysis/install-template";
import { analysesCollection, listAnalyses } from "../../analysis/list-analyses";
import { listInstalledTemplates } from "../../analysis/list-installed-templates";
import { runAnalysis, runOutcomeSchema } from "../../analysis/run-analysis";
import {
  analysisSchema,
  analysisSummarySchema,
  bookAnalysisParams,
  createTemplateInput,
  installTemplateInput,
  patchTemplateInput,
  runAnalysisInput,
  templateIdParams,
  templateSchema,
  templateSummarySchema,
} from "../../analysis/schemas";
import { SEARCH_QUERY_MAX, searchTemplates, templatesCollection } from "../../analysis/search-templates";
import { uninstallTemplate } from "../../analysis/uninstall-template";
import { updateTemplate } from "../../analysis/update-template";
import { bookIdParams } from "../../books/schemas";
import { defaultCollectionOptions, MAX_PER_PAGE } from "../../collections";
import { authedProcedure, router } from "../init";

// Strict inputs built from REST's schemas: the rules for each field live in server/analysis/.
const templateRef = { id: templateIdParams.shape.templateId };
const page = { page: z.int().min(1).optional(), perPage: z.int().min(1).max(MAX_PER_PAGE).optional() };
const { category, tag, language, author } = templatesCollection.filters;

const searchInput = z
  .strictObject({
    q: z.string().max(SEARCH_QUERY_MAX).optional(),
    category: category.optional(),
    tag: tag.optional(),
    language: language.optional(),
    author: author.optional(),
    sortBy: z.enum(templatesCollection.sortable).optional(),
    order: z.enum(["asc", "desc"]).optional(),
    ...page,
  })
  .optional();

export const analysisRouter = router({
  /** As GET /api/v1/analysis/search; the page as a plain array. */
  search: authedProcedure
    .input(searchInput)
    .output(z.array(templateSummarySchema))
    .query(async ({ input = {}, ctx }) => {
      const { q, category, tag, language, author, ...sorting } = input;
      const options = defaultCollectionOptions(templatesCollection, { ...sorting, filters: { category, tag, language, author } });
      return (await searchTemplates({ ...options, q }, ctx.principal)).items;
    }),
  get: authedProcedure
    .input(z.strictObject(templateRef))
    .output(templateSchema)
    .query(({ input, ctx }) => getTemplate({ templateId: input.id }, ctx.principal)),
  install: authedProcedure
    .input(installTemplateInput)
    .output(templateSchema)
    .mutation(({ input, ctx }) => installTemplate(input, ctx.principal)),
  installed: authedProcedure.output(z.array(templateSummarySchema)).query(({ ctx }) => listInstalledTemplates(ctx.principal)),
  uninstall: authedProcedure
    .input(installTemplateInput)
    .output(z.object({ uninstalled: z.literal(true) }))
    .mutation(async ({ input, ctx }) => {
      await uninstallTemplate(input, ctx.principal);
      return { uninstalled: true as const };
    }),
  create: authedProcedure
    .input(createTemplateInput)
    .output(templateSchema)
    .mutation(({ input, ctx }) => createTemplate(input, ctx.principal)),
  update: authedProcedure
    .input(z.strictObject({ ...templateRef, changes: patchTemplateInput }))
    .output(templateSchema)
    .mutation(({ input, ctx }) => updateTemplate({ templateId: input.id, changes: input.changes }, ctx.principal)),
  delete: authedProcedure
    .input(z.strictObject(templateRef))
    .output(z.object({ deleted: z.literal(true) }))
    .mutation(async ({ input, ctx }) => {
      await deleteTemplate({ templateId: input.id }, ctx.principal);
      return { deleted: true as const };
    }),
  /** Runs a template on a book: the finished analysis, or the job to poll when it takes longer. */
  run: authedProcedure
    .input(runAnalysisInput.extend(bookIdParams.shape))
    .output(runOutcomeSchema)
    .mutation(({ input, ctx }) => runAnalysis(input, ctx.principal)),
  results: authedProcedure
    .input(z.strictObject({ ...bookIdParams.shape, ...page }))
    .output(z.array(analysisSummarySchema))
    .query(async ({ input, ctx }) => {
      const { bookId, page, perPage = MAX_PER_PAGE } = input;
      const options = defaultCollectionOptions(analysesCollection, { page, perPage });
      return (await listAnalyses({ bookId, options }, ctx.principal)).items;
    }),
  result: authedProcedure
    .input(z.strictObject(bookAnalysisParams.shape))
    .output(analysisSchema)
    .query(({ input, ctx }) => getAnalysis(input, ctx.principal)),
});
