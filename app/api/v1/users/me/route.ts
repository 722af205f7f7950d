// GET /api/v1/users/me — the signed-in account
import { routeHandlers } from "@/server/http/route-handlers";
import { currentUserEndpoint } from "@/server/http/endpoints/users";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(currentUserEndpoint);
