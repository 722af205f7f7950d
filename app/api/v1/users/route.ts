// POST /api/v1/users — sign up
import { routeHandlers } from "@/server/http/route-handlers";
import { createUserEndpoint } from "@/server/http/endpoints/users";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(createUserEndpoint);
