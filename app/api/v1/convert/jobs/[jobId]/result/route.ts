// GET /api/v1/convert/jobs/{jobId}/result — a finished conversion's file
import { routeHandlers } from "@/server/http/endpoint";
import { getConversionResultEndpoint } from "@/server/http/endpoints/convert";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(getConversionResultEndpoint);
