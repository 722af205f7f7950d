// GET /api/v1/books/{bookId}/chapters — list chapters · POST — upload a chapter
import { routeHandlers } from "@/server/http/route-handlers";
import { listChaptersEndpoint, uploadChapterEndpoint } from "@/server/http/endpoints/chapters";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(listChaptersEndpoint, uploadChapterEndpoint);
