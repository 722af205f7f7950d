// GET, PATCH, DELETE /api/v1/series/{seriesId}
import { routeHandlers } from "@/server/http/route-handlers";
import { getSeriesEndpoint, updateSeriesEndpoint, deleteSeriesEndpoint } from "@/server/http/endpoints/bible";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(getSeriesEndpoint, updateSeriesEndpoint, deleteSeriesEndpoint);
