import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { prismaTransaction } from "../db";
import type { TemplateDto } from "./schemas";
import { loadVisibleTemplate, toTemplateDto } from "./templates";

// POST /api/v1/analysis/install — idempotent: a second install changes nothing and counts nothing.
export async function installTemplate(input: { templateId: string }, principal: Principal): Promise<TemplateDto> {
  authorize(principal, "analysis.install");
  const template = await loadVisibleTemplate(principal, input.templateId);
  const installs = await prismaTransaction(async (tx) => {
    const key = { userId_templateId: { userId: principal.userId, templateId: template.id } };
    if (await tx.analysisInstall.findUnique({ where: key })) return template.installs;
    await tx.analysisInstall.create({ data: { userId: principal.userId, templateId: template.id } });
    // Counted in the same transaction as the row, so the count is the number of rows.
    const updated = await tx.analysisTemplate.update({ where: { id: template.id }, data: { installs: { increment: 1 } }, select: { installs: true } });
    return updated.installs;
  });
  return toTemplateDto({ ...template, installs }, true);
}
