// GET /api/v1/analysis/search — search templates
import { routeHandlers } from "@/server/http/route-handlers";
import { searchTemplatesEndpoint } from "@/server/http/endpoints/analysis-templates";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(searchTemplatesEndpoint);
