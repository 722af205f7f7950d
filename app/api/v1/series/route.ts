// GET, POST /api/v1/series — the writer's series
import { routeHandlers } from "@/server/http/route-handlers";
import { listSeriesEndpoint, createSeriesEndpoint } from "@/server/http/endpoints/bible";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(listSeriesEndpoint, createSeriesEndpoint);
