import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { db } from "../db";
import type { TemplateSummaryDto } from "./schemas";
import { templateSummarySelect, toTemplateSummary } from "./templates";

/**
 * GET /api/v1/analysis/installed — the caller's library, most recently installed first. A library
 * holds what one writer chose, so it is one list, not a paged collection. An installed template
 * its author has since unpublished stays usable by those who installed it.
 */
export async function listInstalledTemplates(principal: Principal): Promise<TemplateSummaryDto[]> {
  authorize(principal, "analysis.installed");
  const installs = await db.analysisInstall.findMany({
    where: { userId: principal.userId },
    orderBy: [{ createdAt: "desc" }, { templateId: "asc" }],
    select: { template: { select: templateSummarySelect } },
  });
  return installs.map((i) => toTemplateSummary(i.template, true));
}
