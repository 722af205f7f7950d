import type { Principal } from "../auth/principal";
import { actsForEveryone, authorize } from "../auth/scopes";
import { sql } from "../db";
import { AppError } from "../errors";
import { assertPrecondition, changedSince, nextUpdatedAt, validatorsOf, type Precondition } from "../preconditions";
import type { TemplateChanges, TemplateDto } from "./schemas";
import { searchTextOf, tagsText } from "./search-text";
import { isInstalled, loadVisibleTemplate, selectTemplates, toTemplateDto } from "./templates";

/**
 * PUT and PATCH /api/v1/analysis/{templateId}. Authors change their own templates; an admin may
 * only unpublish someone else's (built-ins included). Any change but `published` is a new version.
 * With a precondition (REST's If-Match or If-Unmodified-Since), the template must be as the caller
 * read it, checked with the write: 412 otherwise.
 */
export async function updateTemplate(input: { templateId: string; changes: TemplateChanges; precondition?: Precondition }, principal: Principal): Promise<TemplateDto> {
  authorize(principal, "analysis.update");
  const template = await loadVisibleTemplate(principal, input.templateId);
  const { published, ...content } = input.changes;
  const own = template.authorId === principal.userId;
  if (!own) {
    const unpublishing = actsForEveryone(principal) && published === false && Object.keys(content).length === 0;
    if (!unpublishing) {
      throw new AppError("forbidden", template.builtIn ? "Built-in templates cannot be changed; make your own." : "This template belongs to another writer.");
    }
  }
  const { precondition } = input;
  await assertPrecondition(precondition, async () => validatorsOf(toTemplateDto(template, await isInstalled(principal.userId, template.id))));
  const name = content.name ?? template.name;
  const summary = content.summary ?? template.summary;
  const tags = content.tags ?? (JSON.parse(template.tags) as string[]);
  const changesContent = Object.keys(content).length > 0;
  const updated = await sql
    .updateTable("AnalysisTemplate")
    .set((eb) => ({
      ...content,
      tags: content.tags && tagsText(content.tags),
      definition: content.definition && JSON.stringify(content.definition),
      searchText: searchTextOf({ name, summary, tags }),
      published,
      version: changesContent ? eb("version", "+", 1) : undefined,
      updatedAt: nextUpdatedAt(template.updatedAt),
    }))
    .where("id", "=", template.id)
    // Checked and written at once: a write since the check leaves no row to change.
    .$if(precondition !== undefined, (update) => update.where("updatedAt", "=", template.updatedAt))
    .executeTakeFirst();
  if (precondition && updated.numUpdatedRows === 0n) throw changedSince();
  const row = await selectTemplates().where("AnalysisTemplate.id", "=", template.id).executeTakeFirstOrThrow();
  return toTemplateDto(row, await isInstalled(principal.userId, row.id));
}
