import type { ExpressionBuilder, Selectable } from "kysely";
import type { Principal } from "../auth/principal";
import { actsForEveryone } from "../auth/scopes";
import { sql } from "../db";
import { AppError } from "../errors";
import type { AnalysisTemplate, DB } from "../generated/kysely/database";
import type { z } from "zod";
import { templateDefinitionSchema } from "./engine";
import { TEMPLATE_LANGUAGES, type TemplateDto, type TemplateSummaryDto } from "./schemas";

/** Everything a summary needs; the description stays in the database. */
const summaryColumns = [
  "AnalysisTemplate.id",
  "AnalysisTemplate.slug",
  "AnalysisTemplate.name",
  "AnalysisTemplate.summary",
  "AnalysisTemplate.category",
  "AnalysisTemplate.tags",
  "AnalysisTemplate.language",
  "AnalysisTemplate.version",
  "AnalysisTemplate.builtIn",
  "AnalysisTemplate.published",
  "AnalysisTemplate.installs",
  "AnalysisTemplate.authorId",
  "AnalysisTemplate.createdAt",
  "AnalysisTemplate.updatedAt",
  // The section count is read from the definition's text rather than a column of its own.
  "AnalysisTemplate.definition",
] as const;

type Column<C> = C extends `AnalysisTemplate.${infer Name extends keyof AnalysisTemplate}` ? Name : never;
type SummaryRow = Pick<Selectable<AnalysisTemplate>, Column<(typeof summaryColumns)[number]>> & { authorName: string | null };
type TemplateRow = SummaryRow & { description: string };

/** Template summaries with their author's name. */
export function selectTemplateSummaries() {
  return sql.selectFrom("AnalysisTemplate").leftJoin("User as author", "author.id", "AnalysisTemplate.authorId").select(summaryColumns).select("author.name as authorName");
}

/** Whole templates with their author's name. */
export function selectTemplates() {
  return selectTemplateSummaries().select("AnalysisTemplate.description");
}

export type TemplateDefinition = z.output<typeof templateDefinitionSchema>;

function parseDefinition(text: string): TemplateDefinition {
  return templateDefinitionSchema.parse(JSON.parse(text));
}

export function toTemplateSummary(row: SummaryRow, installed: boolean): TemplateSummaryDto {
  const language = (TEMPLATE_LANGUAGES as readonly string[]).includes(row.language) ? (row.language as TemplateSummaryDto["language"]) : "any";
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    summary: row.summary,
    category: row.category,
    tags: JSON.parse(row.tags) as string[],
    language,
    version: row.version,
    author: row.authorId === null ? null : { id: row.authorId, name: row.authorName ?? "" },
    builtIn: row.builtIn,
    published: row.published,
    installs: row.installs,
    installed,
    sections: (JSON.parse(row.definition) as { sections?: unknown[] }).sections?.length ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTemplateDto(row: TemplateRow, installed: boolean): TemplateDto {
  return { ...toTemplateSummary(row, installed), description: row.description, definition: parseDefinition(row.definition) };
}

/** What a caller may see: published templates, their own drafts, and everything for an admin. */
export function visibleTo(principal: Principal) {
  return (eb: ExpressionBuilder<DB, "AnalysisTemplate">) =>
    actsForEveryone(principal)
      ? eb.lit(true)
      : eb.or([eb("AnalysisTemplate.published", "=", true), eb("AnalysisTemplate.authorId", "=", principal.userId)]);
}

/** A template the caller may see; another writer's draft answers 404 like a missing one. */
export async function loadVisibleTemplate(principal: Principal, templateId: string): Promise<TemplateRow> {
  const row = await selectTemplates().where("AnalysisTemplate.id", "=", templateId).where(visibleTo(principal)).executeTakeFirst();
  if (!row) throw new AppError("not_found", "No template has this id.");
  return row;
}

export async function isInstalled(userId: string, templateId: string): Promise<boolean> {
  const install = await sql.selectFrom("AnalysisInstall").select("userId").where("userId", "=", userId).where("templateId", "=", templateId).executeTakeFirst();
  return install !== undefined;
}
