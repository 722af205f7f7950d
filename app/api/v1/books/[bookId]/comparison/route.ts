// GET /api/v1/books/{bookId}/comparison — the book beside another book, or beside itself earlier
import { routeHandlers } from "@/server/http/route-handlers";
import { compareBooksEndpoint } from "@/server/http/endpoints/analysis-runs";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(compareBooksEndpoint);
