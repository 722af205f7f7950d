// GET /api/v1/books/{bookId}/search — search a book
import { routeHandlers } from "@/server/http/route-handlers";
import { searchBookEndpoint } from "@/server/http/endpoints/search";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(searchBookEndpoint);
