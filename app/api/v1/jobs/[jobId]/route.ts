// GET /api/v1/jobs/{jobId} — a background job
import { routeHandlers } from "@/server/http/route-handlers";
import { getJobEndpoint } from "@/server/http/endpoints/jobs";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(getJobEndpoint);
