// GET /api/v1/stats/today — today's words
import { routeHandlers } from "@/server/http/route-handlers";
import { todayEndpoint } from "@/server/http/endpoints/goals";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(todayEndpoint);
