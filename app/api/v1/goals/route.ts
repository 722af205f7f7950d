// GET, PATCH /api/v1/goals — the writer's goal settings
import { routeHandlers } from "@/server/http/route-handlers";
import { goalSettingsEndpoint, updateGoalSettingsEndpoint } from "@/server/http/endpoints/goals";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(goalSettingsEndpoint, updateGoalSettingsEndpoint);
