import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { transaction } from "../db";
import type { TemplateDto } from "./schemas";
import { loadVisibleTemplate, toTemplateDto } from "./templates";

// POST /api/v1/analysis/install — idempotent: a second install changes nothing and counts nothing.
export async function installTemplate(input: { templateId: string }, principal: Principal): Promise<TemplateDto> {
  authorize(principal, "analysis.install");
  const template = await loadVisibleTemplate(principal, input.templateId);
  const installs = await transaction(async (trx) => {
    const installed = await trx
      .selectFrom("AnalysisInstall")
      .select("userId")
      .where("userId", "=", principal.userId)
      .where("templateId", "=", template.id)
      .executeTakeFirst();
    if (installed) return template.installs;
    const now = new Date();
    await trx.insertInto("AnalysisInstall").values({ userId: principal.userId, templateId: template.id, createdAt: now }).execute();
    // Counted in the same transaction as the row, so the count is the number of rows.
    const updated = await trx
      .updateTable("AnalysisTemplate")
      .set((eb) => ({ installs: eb("installs", "+", 1), updatedAt: now }))
      .where("id", "=", template.id)
      .returning("installs")
      .executeTakeFirstOrThrow();
    return updated.installs;
  });
  return toTemplateDto({ ...template, installs }, true);
}
