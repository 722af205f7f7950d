// POST /auth/refresh — rotate a token pair
import { routeHandlers } from "@/server/http/endpoint";
import { refreshEndpoint } from "@/server/http/endpoints/auth";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(refreshEndpoint);
