// DELETE /api/v1/analysis/installed/{templateId} — uninstall
import { routeHandlers } from "@/server/http/route-handlers";
import { uninstallTemplateEndpoint } from "@/server/http/endpoints/analysis-templates";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(uninstallTemplateEndpoint);
