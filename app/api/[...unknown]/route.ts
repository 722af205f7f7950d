// Any other path under /api (and any API version but v1): 404 in the error envelope.
import { routeHandlers } from "@/server/http/route-handlers";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers();
