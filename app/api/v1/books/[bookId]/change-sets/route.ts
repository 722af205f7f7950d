// GET /api/v1/books/{bookId}/change-sets — the book's replaces
import { routeHandlers } from "@/server/http/route-handlers";
import { listChangeSetsEndpoint } from "@/server/http/endpoints/search";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(listChangeSetsEndpoint);
