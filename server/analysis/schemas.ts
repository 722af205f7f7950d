import { z } from "zod";
import { jobSchema } from "../jobs/schemas";
import { storedText } from "../text/stored-text";
// The engine's schema modules, not its index: the template editor checks drafts with these in the browser.
import { templateDefinitionSchema } from "./engine/definition";
import { analysisReportSchema } from "./engine/report";
import { runParametersSchema } from "./engine/run-parameters";

export const TEMPLATE_LANGUAGES = ["en", "zh", "any"] as const;
export const TEMPLATE_CATEGORIES = ["structure", "pacing", "character", "style", "genre", "dialogue", "readability", "other"] as const;
export const ANALYSIS_STATUSES = ["queued", "running", "succeeded", "failed"] as const;

const tag = storedText()
  .trim()
  .min(1, "a tag cannot be empty")
  .max(40, "a tag can be at most 40 characters")
  .transform((t) => t.toLowerCase());

const writable = {
  name: storedText().trim().min(1, "a template needs a name").max(120, "a name can be at most 120 characters"),
  summary: storedText().trim().max(300, "a summary can be at most 300 characters"),
  description: storedText().max(20_000, "a description can be at most 20,000 characters").describe("Markdown"),
  category: z.enum(TEMPLATE_CATEGORIES),
  tags: z
    .array(tag)
    .max(12, "a template can have at most 12 tags")
    .transform((tags) => [...new Set(tags)]),
  language: z.enum(TEMPLATE_LANGUAGES).describe('"any": the template suits English and Chinese books alike'),
  definition: templateDefinitionSchema,
  published: z.boolean().describe("true: listed in every writer's search; false: only yours"),
};

export const templateIdParams = z.object({ templateId: z.string().min(1).max(64) });

/** POST and PUT: the whole template. PUT leaves `published` as it was when the body leaves it out. */
export const createTemplateInput = z
  .strictObject({
    name: writable.name,
    summary: writable.summary.default(""),
    description: writable.description.default(""),
    category: writable.category,
    tags: writable.tags.default([]),
    language: writable.language.default("any"),
    definition: writable.definition,
    published: writable.published.default(false),
  })
  .meta({ id: "CreateAnalysisTemplate" });
export type CreateTemplateInput = z.output<typeof createTemplateInput>;

export const replaceTemplateInput = createTemplateInput
  .extend({ published: writable.published.optional() })
  .meta({ id: "ReplaceAnalysisTemplate" });

/** PATCH: any attribute; `{published}` alone publishes or unpublishes. */
export const patchTemplateInput = z
  .strictObject(z.object(writable).partial().shape)
  .refine((patch) => Object.keys(patch).length > 0, "name at least one attribute to change")
  .meta({ id: "PatchAnalysisTemplate" });
export type TemplateChanges = z.output<typeof patchTemplateInput>;

export const TEMPLATE_WRITABLE_ATTRIBUTES = Object.keys(writable);
export const TEMPLATE_REQUIRED_ATTRIBUTES = ["name", "category", "definition"] as const;

export const installTemplateInput = z.strictObject({ templateId: templateIdParams.shape.templateId }).meta({ id: "InstallAnalysisTemplate" });

const templateFields = {
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  language: z.enum(TEMPLATE_LANGUAGES),
  version: z.int(),
  author: z.object({ id: z.string(), name: z.string() }).nullable().describe("null: built into Inkstone"),
  builtIn: z.boolean(),
  published: z.boolean(),
  installs: z.int().describe("how many writers have it in their library"),
  installed: z.boolean().describe("in the caller's library"),
  sections: z.int().describe("how many sections the definition has"),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

/** A template as search and the library list it. */
export const templateSummarySchema = z.object(templateFields).meta({ id: "AnalysisTemplateSummary" });
export type TemplateSummaryDto = z.infer<typeof templateSummarySchema>;

/** A template with its description and definition. */
export const templateSchema = z
  .object({ ...templateFields, description: z.string(), definition: templateDefinitionSchema })
  .meta({ id: "AnalysisTemplate" });
export type TemplateDto = z.infer<typeof templateSchema>;

export const bookAnalysisParams = z.object({ bookId: z.string().min(1).max(64), analysisId: z.string().min(1).max(64) });

export const runAnalysisInput = z
  .strictObject({
    templateId: templateIdParams.shape.templateId,
    parameters: runParametersSchema.optional().describe("e.g. the character names to follow"),
  })
  .meta({ id: "RunAnalysis" });
export type RunAnalysisInput = z.output<typeof runAnalysisInput>;

/** Several templates in one request: a list of ids, or every template in the caller's library. */
export const runAnalysesInput = z
  .strictObject({
    templates: z
      .union([z.array(templateIdParams.shape.templateId).min(1, "name at least one template").max(100, "at most 100 templates at once"), z.literal("installed")])
      .describe('template ids, or "installed" for every template in your library'),
    parameters: runParametersSchema.optional().describe("e.g. the character names to follow, for every template"),
  })
  .meta({ id: "RunAnalyses" });
export type RunAnalysesInput = z.output<typeof runAnalysesInput>;

const analysisFields = {
  id: z.string(),
  bookId: z.string(),
  templateId: z.string(),
  templateName: z.string().describe("as the template was named when it ran"),
  templateVersion: z.int(),
  parameters: z.record(z.string(), z.unknown()),
  status: z.enum(ANALYSIS_STATUSES),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  jobId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  durationMs: z.int().nullable().describe("time the engine took"),
};

/** An analysis as a book's list shows it: no report. */
export const analysisSummarySchema = z.object(analysisFields).meta({ id: "AnalysisSummary" });
export type AnalysisSummaryDto = z.infer<typeof analysisSummarySchema>;

export const analysisSchema = z
  .object({ ...analysisFields, report: analysisReportSchema.nullable().describe("null until the run succeeds") })
  .meta({ id: "Analysis" });
export type AnalysisDto = z.infer<typeof analysisSchema>;

export const batchOutcomeSchema = z
  .object({
    status: z.enum(["done", "queued"]).describe("done: every analysis has finished; queued: follow the job"),
    analyses: z.array(analysisSummarySchema).describe("one per template, in the order asked (the library's order for all installed)"),
    reused: z.array(z.string()).describe("the analyses kept from an earlier run on the same book version, template version and parameters"),
    job: jobSchema.nullable().describe("the job computing the others; null when every result was reused"),
  })
  .meta({ id: "AnalysisBatch" });
export type BatchOutcome = z.infer<typeof batchOutcomeSchema>;
