// POST /api/v1/books/{bookId}/chapters/{chapterId}/restorations — restore a revision
import { routeHandlers } from "@/server/http/route-handlers";
import { restoreRevisionEndpoint } from "@/server/http/endpoints/chapters";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(restoreRevisionEndpoint);
