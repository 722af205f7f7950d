import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { AppError } from "../errors";
import { assertPrecondition, changedSince, validatorsOf, type Precondition } from "../preconditions";
import { isInstalled, loadVisibleTemplate, toTemplateDto } from "./templates";

/**
 * DELETE /api/v1/analysis/{templateId} — the author's template goes, and with it every library's
 * install of it. Results of past runs stay readable: they hold a copy of what ran. With a
 * precondition (REST's If-Match or If-Unmodified-Since), the template must be as the caller read
 * it, checked with the delete: 412 otherwise.
 */
export async function deleteTemplate(input: { templateId: string; precondition?: Precondition }, principal: Principal): Promise<void> {
  authorize(principal, "analysis.delete");
  const template = await loadVisibleTemplate(principal, input.templateId);
  if (template.authorId !== principal.userId) {
    throw new AppError("forbidden", template.builtIn ? "Built-in templates cannot be deleted; an admin may unpublish one." : "This template belongs to another writer.");
  }
  const { precondition } = input;
  await assertPrecondition(precondition, async () => validatorsOf(toTemplateDto(template, await isInstalled(principal.userId, template.id))));
  // Its installs go with it (ON DELETE CASCADE).
  const deleted = await sql
    .deleteFrom("AnalysisTemplate")
    .where("id", "=", template.id)
    .$if(precondition !== undefined, (query) => query.where("updatedAt", "=", template.updatedAt))
    .executeTakeFirst();
  if (precondition && deleted.numDeletedRows === 0n) throw changedSince();
}
