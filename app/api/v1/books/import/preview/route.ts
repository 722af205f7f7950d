// POST /api/v1/books/import/preview — the chapters an import would make, nothing saved
import { routeHandlers } from "@/server/http/route-handlers";
import { previewImportEndpoint } from "@/server/http/endpoints/convert";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(previewImportEndpoint);
