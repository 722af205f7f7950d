// GET /api/v1/convert/jobs/{jobId} — a conversion job
import { routeHandlers } from "@/server/http/endpoint";
import { getConversionJobEndpoint } from "@/server/http/endpoints/convert";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(getConversionJobEndpoint);
