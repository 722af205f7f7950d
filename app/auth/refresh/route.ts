// POST /auth/refresh — rotate a token pair
import { routeHandlers } from "@/server/http/route-handlers";
import { refreshEndpoint } from "@/server/http/endpoints/auth";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(refreshEndpoint);
