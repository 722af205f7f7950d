// GET /api/v1/jobs/{jobId}/file — the file a job made
import { routeHandlers } from "@/server/http/route-handlers";
import { getJobFileEndpoint } from "@/server/http/endpoints/jobs";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(getJobFileEndpoint);
