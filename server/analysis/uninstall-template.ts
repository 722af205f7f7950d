import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { transaction } from "../db";
import { AppError } from "../errors";

// DELETE /api/v1/analysis/installed/{templateId} — the template leaves the caller's library; kept results stay.
export async function uninstallTemplate(input: { templateId: string }, principal: Principal): Promise<void> {
  authorize(principal, "analysis.uninstall");
  const removed = await transaction(async (trx) => {
    const { numDeletedRows } = await trx
      .deleteFrom("AnalysisInstall")
      .where("userId", "=", principal.userId)
      .where("templateId", "=", input.templateId)
      .executeTakeFirst();
    const count = Number(numDeletedRows);
    if (count > 0) {
      await trx
        .updateTable("AnalysisTemplate")
        .set((eb) => ({ installs: eb("installs", "-", count), updatedAt: new Date() }))
        .where("id", "=", input.templateId)
        .execute();
    }
    return count;
  });
  if (removed === 0) throw new AppError("not_found", "This template is not in your library.");
}
