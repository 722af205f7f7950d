// Every REST endpoint under /api, from its declaration in server/http/endpoints (issue 31 item 3);
// any other path under /api (and any API version but v1) answers 404 in the error envelope.
import { apiRouteHandlers } from "@/server/http/route-table";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = apiRouteHandlers();
