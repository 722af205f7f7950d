// GET /api/v1/books/{bookId}/export — the book as one document
import { routeHandlers } from "@/server/http/route-handlers";
import { exportBookEndpoint } from "@/server/http/endpoints/convert";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(exportBookEndpoint);
