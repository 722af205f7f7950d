// POST /auth/revoke — revoke the Bearer token sent
import { routeHandlers } from "@/server/http/route-handlers";
import { revokeEndpoint } from "@/server/http/endpoints/auth";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(revokeEndpoint);
