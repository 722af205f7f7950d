import type { Principal } from "../auth/principal";
import { actsForEveryone } from "../auth/scopes";
import { db } from "../db";
import { AppError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import type { z } from "zod";
import { templateDefinitionSchema } from "./engine";
import { TEMPLATE_LANGUAGES, type TemplateDto, type TemplateSummaryDto } from "./schemas";

/** Everything a summary needs; the description and definition stay in the database. */
export const templateSummarySelect = {
  id: true,
  slug: true,
  name: true,
  summary: true,
  category: true,
  tags: true,
  language: true,
  version: true,
  builtIn: true,
  published: true,
  installs: true,
  authorId: true,
  createdAt: true,
  updatedAt: true,
  // The section count is read from the definition's text rather than a column of its own.
  definition: true,
  author: { select: { id: true, name: true } },
} satisfies Prisma.AnalysisTemplateSelect;

export const templateSelect = { ...templateSummarySelect, description: true } satisfies Prisma.AnalysisTemplateSelect;

type SummaryRow = Prisma.AnalysisTemplateGetPayload<{ select: typeof templateSummarySelect }>;
type TemplateRow = Prisma.AnalysisTemplateGetPayload<{ select: typeof templateSelect }>;

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
    author: row.author ? { id: row.author.id, name: row.author.name } : null,
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
export function visibleTo(principal: Principal): Prisma.AnalysisTemplateWhereInput {
  if (actsForEveryone(principal)) return {};
  return { OR: [{ published: true }, { authorId: principal.userId }] };
}

/** A template the caller may see; another writer's draft answers 404 like a missing one. */
export async function loadVisibleTemplate(principal: Principal, templateId: string): Promise<TemplateRow> {
  const row = await db.analysisTemplate.findFirst({ where: { id: templateId, ...visibleTo(principal) }, select: templateSelect });
  if (!row) throw new AppError("not_found", "No template has this id.");
  return row;
}

export async function isInstalled(userId: string, templateId: string): Promise<boolean> {
  return (await db.analysisInstall.count({ where: { userId, templateId } })) > 0;
}
