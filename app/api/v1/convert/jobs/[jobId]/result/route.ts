// GET /api/v1/convert/jobs/{jobId}/result — deprecated alias of GET /api/v1/jobs/{jobId}/file (same handler)
import { routeHandlers } from "@/server/http/route-handlers";
import { getConversionResultEndpoint } from "@/server/http/endpoints/convert";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(getConversionResultEndpoint);
