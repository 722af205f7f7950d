import type { Kysely } from "kysely";
import type { DB } from "../generated/kysely/database";
import { newId } from "../sql/values";
import { BUILT_IN_TEMPLATES } from "./engine";
import { searchTextOf, tagsText } from "./search-text";

/**
 * Puts the built-in templates in the database: each is created once, published, and rewritten
 * when the code ships a new version of it (by slug). An admin's unpublishing survives restarts
 * until the next version. Runs at every server start (instrumentation.ts) and on the tests'
 * template database; several instances starting at once race harmlessly on the unique slug.
 */
export async function seedBuiltInTemplates(database: Kysely<DB>): Promise<{ created: number; updated: number }> {
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
    const existing = await database.selectFrom("AnalysisTemplate").select("version").where("slug", "=", template.slug).executeTakeFirst();
    const now = new Date();
    if (!existing) {
      const { numInsertedOrUpdatedRows } = await database
        .insertInto("AnalysisTemplate")
        .values({ ...content, id: newId(), slug: template.slug, builtIn: true, published: true, createdAt: now, updatedAt: now })
        .onConflict((conflict) => conflict.column("slug").doNothing())
        .executeTakeFirst();
      created += Number(numInsertedOrUpdatedRows ?? 0n);
    } else if (existing.version !== template.version) {
      await database.updateTable("AnalysisTemplate").set({ ...content, updatedAt: now }).where("slug", "=", template.slug).execute();
      updated += 1;
    }
  }
  return { created, updated };
}
