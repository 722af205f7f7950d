// GET /api/v1/books/{bookId}/replace — preview a replace; POST — apply it (or dryRun)
import { routeHandlers } from "@/server/http/route-handlers";
import { applyReplaceEndpoint, previewReplaceEndpoint } from "@/server/http/endpoints/search";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(previewReplaceEndpoint, applyReplaceEndpoint);
