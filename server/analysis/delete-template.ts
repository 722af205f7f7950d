import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { AppError } from "../errors";
import { loadVisibleTemplate } from "./templates";

/**
 * DELETE /api/v1/analysis/{templateId} — the author's template goes, and with it every library's
 * install of it. Results of past runs stay readable: they hold a copy of what ran.
 */
export async function deleteTemplate(input: { templateId: string }, principal: Principal): Promise<void> {
  authorize(principal, "analysis.delete");
  const template = await loadVisibleTemplate(principal, input.templateId);
  if (template.authorId !== principal.userId) {
    throw new AppError("forbidden", template.builtIn ? "Built-in templates cannot be deleted; an admin may unpublish one." : "This template belongs to another writer.");
  }
  // Its installs go with it (ON DELETE CASCADE).
  await sql.deleteFrom("AnalysisTemplate").where("id", "=", template.id).execute();
}
