// GET /api/v1/jobs — the caller's background jobs
import { routeHandlers } from "@/server/http/route-handlers";
import { listJobsEndpoint } from "@/server/http/endpoints/jobs";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(listJobsEndpoint);
