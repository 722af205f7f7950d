// POST /auth/login — e-mail and password for a token pair
import { routeHandlers } from "@/server/http/route-handlers";
import { loginEndpoint } from "@/server/http/endpoints/auth";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(loginEndpoint);
