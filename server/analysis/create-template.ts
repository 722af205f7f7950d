import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { newId } from "../sql/values";
import type { CreateTemplateInput, TemplateDto } from "./schemas";
import { searchTextOf, tagsText } from "./search-text";
import { selectTemplates, toTemplateDto } from "./templates";

/** A readable, unique slug: the name's Latin letters and digits, and a random tail (names may be all CJK). */
function slugFor(name: string): string {
  const words = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48);
  const tail = newId().replaceAll("-", "").slice(0, 8);
  return words ? `${words}-${tail}` : `template-${tail}`;
}

// POST /api/v1/analysis — a template of the caller's, published or a draft.
export async function createTemplate(input: CreateTemplateInput, principal: Principal): Promise<TemplateDto> {
  authorize(principal, "analysis.create");
  const id = newId();
  const now = new Date();
  await sql
    .insertInto("AnalysisTemplate")
    .values({
      id,
      slug: slugFor(input.name),
      name: input.name,
      summary: input.summary,
      description: input.description,
      category: input.category,
      tags: tagsText(input.tags),
      language: input.language,
      definition: JSON.stringify(input.definition),
      searchText: searchTextOf(input),
      published: input.published,
      authorId: principal.userId,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return toTemplateDto(await selectTemplates().where("AnalysisTemplate.id", "=", id).executeTakeFirstOrThrow(), false);
}
