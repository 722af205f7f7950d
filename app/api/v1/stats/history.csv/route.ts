// GET /api/v1/stats/history.csv — the writing history as CSV
import { routeHandlers } from "@/server/http/route-handlers";
import { historyCsvEndpoint } from "@/server/http/endpoints/goals";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(historyCsvEndpoint);
