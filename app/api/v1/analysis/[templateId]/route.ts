// GET, PUT, PATCH, DELETE /api/v1/analysis/{templateId} — one template
import { routeHandlers } from "@/server/http/route-handlers";
import { deleteTemplateEndpoint, getTemplateEndpoint, patchTemplateEndpoint, replaceTemplateEndpoint } from "@/server/http/endpoints/analysis-templates";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(getTemplateEndpoint, replaceTemplateEndpoint, patchTemplateEndpoint, deleteTemplateEndpoint);
