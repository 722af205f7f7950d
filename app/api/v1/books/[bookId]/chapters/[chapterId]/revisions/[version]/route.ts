// GET /api/v1/books/{bookId}/chapters/{chapterId}/revisions/{version} — one revision
import { routeHandlers } from "@/server/http/route-handlers";
import { getRevisionEndpoint } from "@/server/http/endpoints/chapters";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(getRevisionEndpoint);
