// GET /api/v1/tokens — list tokens · POST — make a personal token
import { routeHandlers } from "@/server/http/route-handlers";
import { createTokenEndpoint, listTokensEndpoint } from "@/server/http/endpoints/tokens";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(listTokensEndpoint, createTokenEndpoint);
