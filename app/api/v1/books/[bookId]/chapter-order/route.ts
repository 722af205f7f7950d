// PUT /api/v1/books/{bookId}/chapter-order — reorder chapters
import { routeHandlers } from "@/server/http/route-handlers";
import { reorderChaptersEndpoint } from "@/server/http/endpoints/chapters";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(reorderChaptersEndpoint);
