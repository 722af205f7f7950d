// GET /api/v1/convert/jobs/{jobId} — deprecated alias of GET /api/v1/jobs/{jobId} (same handler)
import { routeHandlers } from "@/server/http/route-handlers";
import { getConversionJobEndpoint } from "@/server/http/endpoints/convert";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(getConversionJobEndpoint);
