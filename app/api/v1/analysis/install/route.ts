// POST /api/v1/analysis/install — install a template
import { routeHandlers } from "@/server/http/route-handlers";
import { installTemplateEndpoint } from "@/server/http/endpoints/analysis-templates";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(installTemplateEndpoint);
