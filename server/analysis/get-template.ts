import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import type { TemplateDto } from "./schemas";
import { isInstalled, loadVisibleTemplate, toTemplateDto } from "./templates";

// GET /api/v1/analysis/{templateId}
export async function getTemplate(input: { templateId: string }, principal: Principal): Promise<TemplateDto> {
  authorize(principal, "analysis.get");
  const row = await loadVisibleTemplate(principal, input.templateId);
  return toTemplateDto(row, await isInstalled(principal.userId, row.id));
}
