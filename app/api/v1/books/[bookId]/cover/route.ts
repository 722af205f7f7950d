// GET, PUT, DELETE /api/v1/books/{bookId}/cover — the book's cover (its EPUB's)
import { routeHandlers } from "@/server/http/route-handlers";
import { deleteCoverEndpoint, getCoverEndpoint, setCoverEndpoint } from "@/server/http/endpoints/books";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(getCoverEndpoint, setCoverEndpoint, deleteCoverEndpoint);
