// GET /api/v1/stats/history — the writing history
import { routeHandlers } from "@/server/http/route-handlers";
import { historyEndpoint } from "@/server/http/endpoints/goals";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(historyEndpoint);
