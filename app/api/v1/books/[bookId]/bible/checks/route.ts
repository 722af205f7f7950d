// GET /api/v1/books/{bookId}/bible/checks — continuity findings
import { routeHandlers } from "@/server/http/route-handlers";
import { checksEndpoint } from "@/server/http/endpoints/bible";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(checksEndpoint);
