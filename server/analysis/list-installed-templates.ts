import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import type { TemplateSummaryDto } from "./schemas";
import { selectTemplateSummaries, toTemplateSummary } from "./templates";

/**
 * GET /api/v1/analysis/installed — the caller's library, most recently installed first. A library
 * holds what one writer chose, so it is one list, not a paged collection. An installed template
 * its author has since unpublished stays usable by those who installed it.
 */
export async function listInstalledTemplates(principal: Principal): Promise<TemplateSummaryDto[]> {
  authorize(principal, "analysis.installed");
  const rows = await selectTemplateSummaries()
    .innerJoin("AnalysisInstall", "AnalysisInstall.templateId", "AnalysisTemplate.id")
    .where("AnalysisInstall.userId", "=", principal.userId)
    .orderBy("AnalysisInstall.createdAt", "desc")
    .orderBy("AnalysisInstall.templateId", "asc")
    .execute();
  return rows.map((row) => toTemplateSummary(row, true));
}
