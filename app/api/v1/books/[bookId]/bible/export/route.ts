// GET /api/v1/books/{bookId}/bible/export — the bible as Markdown
import { routeHandlers } from "@/server/http/route-handlers";
import { exportBibleEndpoint } from "@/server/http/endpoints/bible";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(exportBibleEndpoint);
