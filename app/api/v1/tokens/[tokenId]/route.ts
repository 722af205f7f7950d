// DELETE /api/v1/tokens/{tokenId} — revoke a token
import { routeHandlers } from "@/server/http/route-handlers";
import { deleteTokenEndpoint } from "@/server/http/endpoints/tokens";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(deleteTokenEndpoint);
