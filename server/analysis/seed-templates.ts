import type { PrismaClient } from "../generated/prisma/client";
import { BUILT_IN_TEMPLATES } from "./engine";
import { searchTextOf, tagsText } from "./search-text";

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "P2002";

/**
 * Puts the built-in templates in the database: each is created once, published, and rewritten
 * when the code ships a new version of it (by slug). An admin's unpublishing survives restarts
 * until the next version. Runs at every server start (instrumentation.ts) and on the tests'
 * template database; several instances starting at once race harmlessly on the unique slug.
 */
export async function seedBuiltInTemplates(client: PrismaClient): Promise<{ created: number; updated: number }> {
  let created = 0;
  let updated = 0;
  for (const template of BUILT_IN_TEMPLATES) {
    const content = {
      name: template.name,
      summary: template.summary,
      description: template.description,
      category: template.category,
      tags: tagsText(template.tags),
      language: template.language,
      version: template.version,
      definition: JSON.stringify(template.definition),
      searchText: searchTextOf(template),
    };
    const existing = await client.analysisTemplate.findUnique({ where: { slug: template.slug }, select: { version: true } });
    if (!existing) {
      try {
        await client.analysisTemplate.create({ data: { ...content, slug: template.slug, builtIn: true, published: true } });
        created += 1;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    } else if (existing.version !== template.version) {
      await client.analysisTemplate.update({ where: { slug: template.slug }, data: content });
      updated += 1;
    }
  }
  return { created, updated };
}
