// GET /api/v1/books/{bookId}/chapters/{chapterId}/revisions — list revisions
import { routeHandlers } from "@/server/http/route-handlers";
import { listRevisionsEndpoint } from "@/server/http/endpoints/chapters";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(listRevisionsEndpoint);
