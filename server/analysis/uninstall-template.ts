import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { prismaTransaction } from "../db";
import { AppError } from "../errors";

// DELETE /api/v1/analysis/installed/{templateId} — the template leaves the caller's library; kept results stay.
export async function uninstallTemplate(input: { templateId: string }, principal: Principal): Promise<void> {
  authorize(principal, "analysis.uninstall");
  const removed = await prismaTransaction(async (tx) => {
    const { count } = await tx.analysisInstall.deleteMany({ where: { userId: principal.userId, templateId: input.templateId } });
    if (count > 0) await tx.analysisTemplate.update({ where: { id: input.templateId }, data: { installs: { decrement: count } } });
    return count;
  });
  if (removed === 0) throw new AppError("not_found", "This template is not in your library.");
}
