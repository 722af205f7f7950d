// GET /api/v1/analysis/installed — the caller's library
import { routeHandlers } from "@/server/http/route-handlers";
import { listInstalledTemplatesEndpoint } from "@/server/http/endpoints/analysis-templates";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(listInstalledTemplatesEndpoint);
