// POST /api/v1/analysis — create a template
import { routeHandlers } from "@/server/http/route-handlers";
import { createTemplateEndpoint } from "@/server/http/endpoints/analysis-templates";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(createTemplateEndpoint);
